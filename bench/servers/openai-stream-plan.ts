/**
 * What a streamed chat completion looks like on the wire and when each piece leaves, as OpenAI sends it
 * (bench stage model_latency, docs/decisions/185-model-latency.md). Pure: the server only writes the plan's
 * chunks at their times, and the timing is tested on its own.
 *
 * OpenAI's stream: the first chunk (`role: 'assistant'`) arrives after the time to first token; text then
 * comes one token per chunk; a tool call comes as one chunk with its index, id, type and whole function
 * name (arguments ''), then its arguments in one-token fragments; a last chunk with an empty delta carries
 * `finish_reason` ('stop' or 'tool_calls'), and `data: [DONE]` closes the stream.
 */

export type ModelTiming = {
  /** Request received → first chunk. */
  ttftMs: number;
  /** Generation speed once the first token is out: one chunk per token. */
  tokensPerSecond: number;
};

/** The timing issue 41 asks for: a realistic hosted model, not the fastest case. */
export const REALISTIC_TIMING: ModelTiming = { ttftMs: 350, tokensPerSecond: 50 };

export type PlannedReply = {
  content?: string;
  toolCalls?: Array<{ id: string; name: string; arguments: string }>;
};

export type PlannedChunk = { atMs: number; data: string };

/**
 * Approximate BPE tokens, the way GPT tokenizers pre-split text: a run of letters with the space before it,
 * up to three digits, or one other character (with its leading space). Close enough to count tokens and to
 * time a stream (English averages about 4 characters a token either way); stated in bench/README.md.
 */
export function approximateTokens(text: string): string[] {
  return text.match(/ ?[A-Za-z\u00C0-\u024F]+| ?\d{1,3}|\s+(?!\S)|\s+| ?[^\sA-Za-z\u00C0-\u024F\d]/g) ?? [];
}

/** The chunks of one streamed reply with their send times, ending with `[DONE]`. */
export function planStream(
  reply: PlannedReply,
  timing: ModelTiming,
  meta: { id: string; model: string; created: number },
): PlannedChunk[] {
  const perToken = 1000 / timing.tokensPerSecond;
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    JSON.stringify({
      id: meta.id,
      object: 'chat.completion.chunk',
      created: meta.created,
      model: meta.model,
      system_fingerprint: 'fp_bench',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
  const planned: PlannedChunk[] = [];
  let at = timing.ttftMs;
  const next = () => {
    const when = at;
    at += perToken;
    return when;
  };
  const calls = reply.toolCalls ?? [];
  const text = reply.content ? approximateTokens(reply.content) : [];
  if (text.length > 0) {
    // The role rides on the first token's chunk when the reply is text.
    planned.push({ atMs: next(), data: chunk({ role: 'assistant', content: text[0], refusal: null }) });
    for (const token of text.slice(1)) planned.push({ atMs: next(), data: chunk({ content: token }) });
  }
  calls.forEach((call, index) => {
    const head = {
      index,
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: '' },
    };
    planned.push({
      atMs: next(),
      data: chunk(
        index === 0 && text.length === 0
          ? { role: 'assistant', content: null, tool_calls: [head], refusal: null }
          : { tool_calls: [head] },
      ),
    });
    for (const fragment of approximateTokens(call.arguments))
      planned.push({
        atMs: next(),
        data: chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }),
      });
  });
  if (planned.length === 0) planned.push({ atMs: next(), data: chunk({ role: 'assistant', content: '' }) });
  // The finish chunk follows the last token at once: it is not a generated token.
  const end = planned.at(-1)!.atMs;
  planned.push({ atMs: end, data: chunk({}, calls.length > 0 ? 'tool_calls' : 'stop') });
  planned.push({ atMs: end, data: '[DONE]' });
  return planned;
}
