import { approximateTokens } from './servers/openai-stream-plan';

/**
 * How much of a chat request the provider's prompt cache can serve from the request before it
 * (docs/decisions/185-model-latency.md). OpenAI caches the longest prefix it has seen, in steps of 128
 * tokens from 1,024 on; its prompt is rendered tools first, then the messages in order. The bench counts
 * the longest common prefix of two consecutive requests' rendered prompts, in approximate tokens.
 */

type ChatBody = { tools?: unknown[]; messages?: unknown[] };

/**
 * The prompt as the model reads it, in order: every tool's JSON, then each message's role and content (and
 * its tool calls or tool_call_id). Field order inside each part is the sender's, so a change there counts.
 */
export function renderPrompt(body: ChatBody): string {
  const parts: string[] = [];
  for (const tool of body.tools ?? []) parts.push(`<tool>${JSON.stringify(tool)}`);
  for (const message of body.messages ?? []) {
    const { role, content, ...rest } = message as { role: string; content?: unknown };
    const extra = Object.keys(rest).length > 0 ? JSON.stringify(rest) : '';
    parts.push(`<${role}>${typeof content === 'string' ? content : JSON.stringify(content ?? null)}${extra}`);
  }
  return parts.join('\n');
}

export const promptTokens = (body: ChatBody) => approximateTokens(renderPrompt(body));

/** Tokens two prompts share from their start. */
export function commonPrefixLength(a: readonly string[], b: readonly string[]): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a[i] === b[i]) i++;
  return i;
}

export type PrefixShare = {
  pairs: number;
  sharedTokens: number;
  promptTokens: number;
  share: number;
  min: number;
};

/**
 * Over pairs (earlier, later): the later prompt's tokens its predecessor already had, summed over pairs ÷
 * the later prompts' tokens; `min` is the worst single pair's share.
 */
export function prefixShare(pairs: Array<[readonly string[], readonly string[]]>): PrefixShare {
  let sharedTokens = 0;
  let total = 0;
  let min = 1;
  for (const [earlier, later] of pairs) {
    const shared = commonPrefixLength(earlier, later);
    sharedTokens += shared;
    total += later.length;
    min = Math.min(min, later.length === 0 ? 1 : shared / later.length);
  }
  return {
    pairs: pairs.length,
    sharedTokens,
    promptTokens: total,
    share: total === 0 ? 0 : sharedTokens / total,
    min: pairs.length === 0 ? 0 : min,
  };
}

/** A request as the bench's model server saw it: `label` is "<channel>:<conversation>#<line>". */
type LabelledRequest = { label: string; body: ChatBody };
const conversationOf = (label: string) => label.split('#')[0]!;
const channelOf = (label: string) => label.split(':')[0]!;

/**
 * The shares over requests in the order the model server received them: every consecutive pair; the pairs
 * within one conversation (turns and tool steps); and the first requests of consecutive conversations on the
 * same channel (two callers of one business).
 */
export function prefixShares(requests: LabelledRequest[]) {
  const measured = requests.map((r) => ({ label: r.label, tokens: promptTokens(r.body) }));
  type Measured = (typeof measured)[number];
  const pairsOf = (pairs: Array<readonly [Measured, Measured]>) =>
    prefixShare(pairs.map(([a, b]) => [a.tokens, b.tokens]));
  const consecutive = measured.slice(1).map((r, i) => [measured[i]!, r] as const);
  const firsts = measured.filter(
    (r, i) => i === 0 || conversationOf(measured[i - 1]!.label) !== conversationOf(r.label),
  );
  return {
    consecutive: pairsOf(consecutive),
    sameConversation: pairsOf(
      consecutive.filter(([a, b]) => conversationOf(a.label) === conversationOf(b.label)),
    ),
    differentCallers: pairsOf(
      firsts
        .slice(1)
        .map((r, i) => [firsts[i]!, r] as const)
        .filter(([a, b]) => channelOf(a.label) === channelOf(b.label)),
    ),
  };
}
