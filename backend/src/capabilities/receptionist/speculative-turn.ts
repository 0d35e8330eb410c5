import { isDeepStrictEqual } from 'node:util';
import type { BusinessProfile } from './business-profile';
import type { ModelEvent, ModelRequest } from './model/model-types';
import type { ConversationState } from './records/conversation-types';

/**
 * What the previous turn of a connection ended with: the conversation's state as it stored it and the
 * business profile it ran on. A channel that carries one conversation per connection (the voice relay) keeps
 * one per connection and hands it to `runTurn`, which sends the model's request from it at once while the
 * lease and the fresh reads run beside it (docs/decisions/185-model-latency.md, session 40). It is a guess,
 * never a source of truth: the turn adopts the answer only if the request built from the fresh reads is the
 * one that was sent. The engine empties it when a turn starts and fills it when the turn has stored.
 */
export type TurnWarmth = { state?: ConversationState; profile?: BusinessProfile };

/** The model's first step, sent before the lease: its events, the first already asked for. */
export type SpeculativeStep = {
  request: ModelRequest;
  events: AsyncIterator<ModelEvent>;
  first: Promise<IteratorResult<ModelEvent>>;
  controller: AbortController;
  /** Set once the turn reads it as its first step's answer: from then on the turn owns the stream. */
  adopted?: boolean;
};

/** What the model reads of a request, comparable whatever order DynamoDB gave the state's attributes in. */
function modelView(request: ModelRequest) {
  const { signal: _signal, now, state, ...rest } = request;
  // The version counts writes; the request holds what was written, compared below.
  const { version: _version, ...content } = state;
  return JSON.parse(JSON.stringify({ ...rest, state: content, now: now.getTime() })) as unknown;
}

/**
 * Whether a request built from the fresh state and profile is the one sent speculatively: then the
 * speculative stream is exactly the answer the turn would get, and it is adopted. Pure.
 */
export function sameModelRequest(sent: ModelRequest, fresh: ModelRequest): boolean {
  return isDeepStrictEqual(modelView(sent), modelView(fresh));
}

/** A speculative step's events from its first on; closing it early closes the model's stream. */
export async function* adoptedStream(step: SpeculativeStep): AsyncGenerator<ModelEvent> {
  step.adopted = true;
  let done = false;
  try {
    for (let next = await step.first; !next.done; next = await step.events.next()) yield next.value;
    done = true;
  } finally {
    if (!done) await step.events.return?.();
  }
}

/** Drops a speculative step nobody read: its request is aborted, its stream closed, nothing awaited. */
export function dropSpeculation(step: SpeculativeStep): void {
  if (step.adopted) return;
  step.controller.abort();
  step.first.catch(() => undefined);
  void step.events.return?.()?.catch(() => undefined);
}
