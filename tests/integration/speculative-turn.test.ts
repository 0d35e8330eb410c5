import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../../shared/receptionist/business-time';
import { createReceptionist } from '../../backend/src/capabilities/receptionist/receptionist';
import type {
  ModelEvent,
  ModelRequest,
  ReceptionistModel,
} from '../../backend/src/capabilities/receptionist/model/model-types';
import type { TurnWarmth } from '../../backend/src/capabilities/receptionist/speculative-turn';
import type { EngineEvent } from '../../backend/src/capabilities/receptionist/records/conversation-types';
import { createAssistantLine } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';

const NY = 'America/New_York';
const clock = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);
const MODEL_MS = 80;

/**
 * A model that takes MODEL_MS to its first words, honours the request's AbortSignal, and records each request
 * with what became of it: its answer names the request, so a test sees which request the caller heard.
 */
function recordingModel() {
  const asked: Array<{
    request: ModelRequest;
    at: number;
    aborted: boolean;
    abortedAt: number;
    answer: string;
  }> = [];
  const model: ReceptionistModel = {
    kind: 'openai',
    async *respond(request): AsyncGenerator<ModelEvent> {
      const entry = {
        request,
        at: performance.now(),
        aborted: false,
        abortedAt: Infinity,
        answer: `Answer ${asked.length + 1}.`,
      };
      asked.push(entry);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, MODEL_MS);
        request.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          entry.aborted = true;
          entry.abortedAt = performance.now();
          reject(new Error('aborted'));
        });
      });
      yield { type: 'text', delta: entry.answer };
    },
  };
  return { model, asked };
}

describe('a voice turn asked of the model before its lease and reads (decision 185, session 40)', async () => {
  const { deps } = await createTestApp({}, { now: () => clock });
  const { model, asked } = recordingModel();
  const order: string[] = [];
  const conversationStates = {
    ...deps.data.conversationStates,
    async acquireTurn(...args: Parameters<typeof deps.data.conversationStates.acquireTurn>) {
      const state = await deps.data.conversationStates.acquireTurn(...args);
      order.push(state ? 'leased' : 'lease-busy');
      return state;
    },
  };
  /** Whether the engine's model reads a slot search the engine ran before asking it (the OpenAI adapter does). */
  let prefetching = false;
  const engine = createReceptionist({
    data: { ...deps.data, conversationStates },
    model: {
      kind: model.kind,
      get takesPrefetchedTools() {
        return prefetching;
      },
      respond(request) {
        order.push('model-asked');
        return model.respond(request);
      },
    },
    sms: { send: async () => undefined, isOptedOut: async () => false },
    deposits: {
      create: () => Promise.reject(new Error('no deposits here')),
      refund: () => Promise.reject(new Error('no deposits here')),
    },
    rateLimiter: deps.rateLimiter,
    metrics: deps.metrics,
    now: () => clock,
    logger: deps.logger,
  });

  async function call() {
    const { ownerId, assistantNumber } = await createAssistantLine(deps, { businessName: 'Bella Hair' });
    const conversation = await engine.startConversation({
      ownerId,
      channel: 'voice',
      caller: `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
      assistantNumber,
      externalId: `CA${randomUUID().replaceAll('-', '')}`,
    });
    return { ownerId, id: conversation.id };
  }

  async function turn(id: string, text: string, ownerId?: string, warm?: TurnWarmth) {
    order.length = 0;
    const before = asked.length;
    const events: EngineEvent[] = [];
    for await (const event of engine.runTurn(id, {
      text,
      ...(ownerId ? { ownerId } : {}),
      ...(warm ? { warm } : {}),
    }))
      events.push(event);
    const reply = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    return { events, reply, requests: asked.slice(before), order: [...order] };
  }

  it('sends the request before the lease returns and adopts its answer when the fresh reads agree', async () => {
    const { ownerId, id } = await call();
    const warm: TurnWarmth = {};
    const cold = await turn(id, 'Are you open on Saturday?', ownerId, warm);
    // Nothing was kept yet: the first turn asks after its lease, as before; its end fills the warmth.
    expect(cold.order).toEqual(['leased', 'model-asked']);
    expect(warm.state?.turns.at(-1)).toMatchObject({ speaker: 'assistant', text: cold.reply });
    expect(warm.profile?.ownerId).toBe(ownerId);

    const second = await turn(id, 'How much is a haircut?', ownerId, warm);
    expect(second.order).toEqual(['model-asked', 'leased']);
    expect(second.requests).toHaveLength(1);
    expect(second.requests[0]!.aborted).toBe(false);
    expect(second.reply).toBe(second.requests[0]!.answer);
    const stored = await engine.getConversation(id);
    expect(stored!.turns.slice(-4).map((t) => t.text)).toEqual([
      'Are you open on Saturday?',
      cold.reply,
      'How much is a haircut?',
      second.reply,
    ]);
    expect(warm.state).toMatchObject({ version: stored!.version });
  });

  it('sends nothing early for a turn that runs the slot search first (its request is another one)', async () => {
    const { ownerId, id } = await call();
    const warm: TurnWarmth = {};
    await turn(id, 'Are you open on Saturday?', ownerId, warm);
    prefetching = true;
    try {
      const booking = await turn(id, 'Can I book an appointment tomorrow afternoon?', ownerId, warm);
      expect(booking.order).toEqual(['leased', 'model-asked']);
      expect(booking.requests).toHaveLength(1);
      expect(booking.requests[0]!.request.messages).toContainEqual(
        expect.objectContaining({ role: 'tool', name: 'find_open_slots' }),
      );
      expect(booking.reply).toBe(booking.requests[0]!.answer);
      // The next line is speculated again, from what the booking turn stored.
      const next = await turn(id, 'How much is a haircut?', ownerId, warm);
      expect(next.order).toEqual(['model-asked', 'leased']);
      expect(next.requests).toHaveLength(1);
      expect(next.requests[0]!.aborted).toBe(false);
    } finally {
      prefetching = false;
    }
  });

  it('aborts and asks again when another turn changed the conversation meanwhile', async () => {
    const { ownerId, id } = await call();
    const warm: TurnWarmth = {};
    await turn(id, 'Are you open on Saturday?', ownerId, warm);
    // Another instance (no warmth) takes a turn of the same conversation.
    const other = await turn(id, 'Do you do colour?', ownerId);
    const third = await turn(id, 'How much is a haircut?', ownerId, warm);
    expect(third.requests).toHaveLength(2);
    const [speculative, fresh] = third.requests;
    expect(speculative!.aborted).toBe(true);
    // Stopped as soon as the fresh request differed, not when the turn ended.
    expect(speculative!.abortedAt).toBeLessThanOrEqual(fresh!.at);
    expect(speculative!.request.messages.map((m) => m.content)).not.toContain('Do you do colour?');
    expect(fresh!.aborted).toBe(false);
    expect(fresh!.request.messages.map((m) => m.content)).toContain(other.reply);
    // The caller hears only the answer to the request built from the fresh state.
    expect(third.reply).toBe(fresh!.answer);
    const stored = await engine.getConversation(id);
    expect(stored!.turns.filter((t) => t.speaker === 'caller').map((t) => t.text)).toEqual([
      'Are you open on Saturday?',
      'Do you do colour?',
      'How much is a haircut?',
    ]);
  });

  it('waits for a lease held by another turn, then runs on what that turn stored', async () => {
    const { ownerId, id } = await call();
    const warm: TurnWarmth = {};
    await turn(id, 'Are you open on Saturday?', ownerId, warm);
    const holder = randomUUID();
    const held = await deps.data.conversationStates.acquireTurn(id, holder, new Date(), 30_000);
    const running = turn(id, 'How much is a haircut?', ownerId, warm);
    // While the lease is held, the other turn stores a line of its own, then lets go.
    await new Promise((resolve) => setTimeout(resolve, 150));
    held!.turns.push({
      speaker: 'assistant',
      text: 'One more thing: we close early today.',
      at: clock.toISOString(),
    });
    await deps.data.conversationStates.save(held!);
    await deps.data.conversationStates.releaseTurn(id, holder);
    const result = await running;
    expect(result.order[0]).toBe('model-asked');
    expect(result.order).toContain('lease-busy');
    const [speculative, fresh] = result.requests;
    expect(speculative!.aborted).toBe(true);
    expect(fresh!.request.messages.map((m) => m.content)).toContain('One more thing: we close early today.');
    expect(result.reply).toBe(fresh!.answer);
  });

  it('asks again with the new instructions when the owner edited the business between turns', async () => {
    const { ownerId, id } = await call();
    const warm: TurnWarmth = {};
    await turn(id, 'Are you open on Saturday?', ownerId, warm);
    await deps.data.businessConfigs.updateConfigFields(ownerId, { assistant_name: 'Zelda' });
    const next = await turn(id, 'Who am I speaking with?', ownerId, warm);
    const [speculative, fresh] = next.requests;
    expect(speculative!.aborted).toBe(true);
    expect(speculative!.request.instructions).not.toContain('Zelda');
    expect(fresh!.request.instructions).toContain('Zelda');
    expect(next.reply).toBe(fresh!.answer);
    expect(warm.profile?.assistantName).toBe('Zelda');
  });

  it('speaks nothing and stores nothing on an ended call; the speculative request is aborted', async () => {
    const { ownerId, id } = await call();
    const warm: TurnWarmth = {};
    await turn(id, 'Are you open on Saturday?', ownerId, warm);
    await engine.finish(id, 'caller hung up');
    const ended = await engine.getConversation(id);
    const late = await turn(id, 'Hello?', ownerId, warm);
    expect(late.events).toEqual([{ type: 'end', reason: 'already_ended' }]);
    expect(late.requests).toHaveLength(1);
    await expect.poll(() => late.requests[0]!.aborted).toBe(true);
    const after = await engine.getConversation(id);
    expect(after!.version).toBe(ended!.version);
    expect(after!.turns).toEqual(ended!.turns);
  });

  it('a turn closed at its first event aborts its speculative request and leaves no warmth behind', async () => {
    const { ownerId, id } = await call();
    const warm: TurnWarmth = {};
    await turn(id, 'Are you open on Saturday?', ownerId, warm);
    const before = asked.length;
    const events = engine.runTurn(id, { text: 'How much is a haircut?', ownerId, warm });
    expect((await events.next()).value).toMatchObject({ type: 'language' });
    await events.return(undefined);
    expect(asked.slice(before)).toHaveLength(1);
    await expect.poll(() => asked[before]!.aborted).toBe(true);
    expect(warm).toEqual({ state: undefined, profile: undefined });
    // The next turn runs cold, then warm again.
    const next = await turn(id, 'How much is a haircut?', ownerId, warm);
    expect(next.order).toEqual(['leased', 'model-asked']);
    expect(warm.state?.turns.at(-1)?.text).toBe(next.reply);
  });
});
