import { createHash } from 'node:crypto';
import { lazyOpenAiClient } from '../../../providers/openai-client';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { OPENAI_CHAT_MODEL } from '../../../providers/llm/openai';
import { TOOL_NAMES, type ToolName } from '../records/conversation-types';
import { ModelError, type ModelEvent, type ModelRequest, type ReceptionistModel } from './model-types';

const isToolName = (name: string): name is ToolName => (TOOL_NAMES as readonly string[]).includes(name);

/** A tool call's JSON arguments; malformed ones become {} and fail the tool's own validation clearly. */
function parseArguments(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = json ? JSON.parse(json) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The engine's messages in OpenAI's chat format: the stable instructions first, the conversation, and this
 * turn's context (time, caller memory) as a system message just before the caller's latest words. So a
 * request starts with what the previous one held (the instructions, then the earlier turns) and the
 * provider's prompt cache serves that part; a tool step within a turn repeats the whole previous request
 * (docs/decisions/185-model-latency.md).
 */
export function toOpenAiMessages(request: ModelRequest): ChatCompletionMessageParam[] {
  const conversation = request.messages.map((message): ChatCompletionMessageParam => {
    if (message.role === 'tool') {
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    }
    if (message.role === 'assistant' && message.toolCalls?.length) {
      return {
        role: 'assistant',
        content: message.content || null,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.args) },
        })),
      };
    }
    return { role: message.role, content: message.content };
  });
  const latestCaller = conversation.findLastIndex((message) => message.role === 'user');
  const at = latestCaller === -1 ? conversation.length : latestCaller;
  return [
    { role: 'system', content: request.instructions },
    ...conversation.slice(0, at),
    { role: 'system', content: request.context },
    ...conversation.slice(at),
  ];
}

/**
 * Routes a business's requests to the provider's machines that hold its prefix: one key per business (calls
 * and texts share all but the channel's note at the instructions' end), hashed so no owner id leaves.
 */
export function promptCacheKey(request: { state: Pick<ModelRequest['state'], 'owner_id'> }): string {
  return createHash('sha256')
    .update(`ringly-prompt:${request.state.owner_id}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * The real model: OpenAI chat completions with tool calling, streamed. Text deltas pass through as they
 * arrive (a call hears the first words early); tool calls are assembled from their streamed fragments and
 * handed to the engine, which runs them and asks again with the results.
 */
export function createOpenAiModel(options: {
  apiKey: string;
  baseUrl?: string;
  model?: string;
}): ReceptionistModel {
  const client = lazyOpenAiClient({ apiKey: options.apiKey, baseUrl: options.baseUrl, timeoutMs: 20_000 });
  const model = options.model ?? OPENAI_CHAT_MODEL;
  return {
    kind: 'openai',
    takesPrefetchedTools: true,
    async *respond(request) {
      const tools: ChatCompletionTool[] = request.tools.map((tool) => ({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      }));
      let stream;
      try {
        // Tools before messages, as the provider renders them into the prompt: the stable part leads.
        stream = await (
          await client()
        ).chat.completions.create(
          {
            model,
            temperature: 0.4,
            stream: true,
            tools,
            messages: toOpenAiMessages(request),
            prompt_cache_key: promptCacheKey(request),
          },
          request.signal ? { signal: request.signal } : undefined,
        );
      } catch (error) {
        throw new ModelError(`OpenAI chat failed: ${(error as Error).message}`);
      }
      const calls = new Map<number, { id: string; name: string; args: string }>();
      try {
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta;
          if (delta?.content) yield { type: 'text', delta: delta.content } as ModelEvent;
          for (const fragment of delta?.tool_calls ?? []) {
            const call = calls.get(fragment.index) ?? { id: '', name: '', args: '' };
            if (fragment.id) call.id = fragment.id;
            if (fragment.function?.name) call.name += fragment.function.name;
            if (fragment.function?.arguments) call.args += fragment.function.arguments;
            calls.set(fragment.index, call);
          }
        }
      } catch (error) {
        throw new ModelError(`OpenAI stream failed: ${(error as Error).message}`);
      }
      for (const call of [...calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => c)) {
        if (!isToolName(call.name)) continue;
        yield { type: 'tool_call', id: call.id, name: call.name, args: parseArguments(call.args) };
      }
    },
  };
}
