import type { ProviderNotConfiguredError } from '../../../platform/config/not-configured';
import type { BusinessProfile } from '../business-profile';
import type { ToolResult } from '../tools/tool-types';
import type { ConversationState, ToolName } from '../records/conversation-types';

/** The conversation as a chat model sees it (OpenAI's message shapes, provider-neutral). */
export type ModelToolCall = { id: string; name: ToolName; args: Record<string, unknown> };
export type ModelMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ModelToolCall[] }
  | { role: 'tool'; toolCallId: string; name: ToolName; content: string };

export type ToolSpec = { name: ToolName; description: string; parameters: Record<string, unknown> };

export type ModelRequest = {
  /** The same for every turn and caller of a business on a channel: the cacheable prefix. */
  instructions: string;
  /** This turn's volatile facts (the time, the caller's memory), sent after the prefix. */
  context: string;
  messages: ModelMessage[];
  tools: ToolSpec[];
  /** What the local model reasons over directly (the OpenAI model reads the same facts in `instructions`). */
  business: BusinessProfile;
  state: ConversationState;
  now: Date;
  callerText: string;
  /** Tools already run in this turn, in order. */
  turnResults: Array<{ name: ToolName; args: Record<string, unknown>; result: ToolResult }>;
  /** Aborts the request (a speculative first step the turn did not adopt; docs/decisions/185). */
  signal?: AbortSignal;
};

export type ModelEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool_call'; id: string; name: ToolName; args: Record<string, unknown> };

/** A model answers one step of a turn: text to say, tool calls to run, or both. */
export interface ReceptionistModel {
  readonly kind: 'local' | 'openai';
  /**
   * Set when the model cannot answer at all (in AWS without its key): channels refuse before they start a
   * conversation (docs/decisions/160-fail-closed.md), and `respond` rejects with it.
   */
  readonly unavailable?: ProviderNotConfiguredError;
  /**
   * The model reads the turn's tool exchanges from `messages`, so the engine may run find_open_slots before
   * asking it and hand it the exchange as if it had asked (docs/decisions/185-model-latency.md, Session 40):
   * one request instead of two on a booking turn. The local model decides from the caller's words and its
   * own memory, answers at once, and would skip its own reading of the words: it leaves this unset.
   */
  readonly takesPrefetchedTools?: boolean;
  respond(request: ModelRequest): AsyncIterable<ModelEvent>;
}

export class ModelError extends Error {}
