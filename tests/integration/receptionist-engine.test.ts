import { BatchGetCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { RECEPTIONIST_LIMITS } from '../../shared/receptionist/limits';
import { createRecordingMetrics } from '../../backend/src/platform/observability/metrics';
import { ConversationLimitError } from '../../backend/src/capabilities/receptionist/conversation-start';
import { zonedInstant } from '../../shared/receptionist/business-time';
import type { EngineEvent } from '../../backend/src/capabilities/receptionist/records/conversation-types';
import { createAssistantLine } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';
import { onboardLocalPayouts, saveDepositObjective } from '../support/payouts';

const NY = 'America/New_York';
/** Monday 2026-11-23, 10:00 in New York. */
let clock = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);
const CALLER = '+14155550123';
const MANAGER = '+14155550777';
const HOURS = [
  'Monday: 9:00 AM – 5:00 PM',
  'Tuesday: 9:00 AM – 5:00 PM',
  'Wednesday: 9:00 AM – 5:00 PM',
  'Thursday: 9:00 AM – 5:00 PM',
  'Friday: 9:00 AM – 5:00 PM',
  'Saturday: Closed',
  'Sunday: Closed',
];

describe('receptionist engine with the local model, over DynamoDB Local', async () => {
  const recorded = createRecordingMetrics();
  const { deps, doc, tableName } = await createTestApp({}, { now: () => clock, metrics: recorded.metrics });
  const { receptionist } = deps;

  async function line(options: { deposit?: boolean; manager?: boolean } = {}) {
    const { ownerId, assistantNumber } = await createAssistantLine(deps, {
      businessName: 'Bella Hair Studio',
    });
    await deps.data.businessConfigs.updateConfigFields(ownerId, {
      time_zone: NY,
      business_hours: { weekday_text: HOURS },
      assistant_name: 'Ava',
      business_description: 'Bella Hair Studio is a salon in San Francisco. Haircuts start at $45.',
      ...(options.manager === false ? {} : { manager_number: MANAGER, manager_name: 'Maria' }),
      text_escalation_to_manager: true,
    });
    if (options.deposit) {
      await saveDepositObjective(deps, ownerId);
      await onboardLocalPayouts(deps, ownerId);
    }
    return { ownerId, assistantNumber };
  }

  async function turn(conversationId: string, text: string) {
    const events: EngineEvent[] = [];
    for await (const event of receptionist.runTurn(conversationId, { text })) events.push(event);
    const reply = events
      .filter((e): e is Extract<EngineEvent, { type: 'text' }> => e.type === 'text')
      .map((e) => e.delta)
      .join('');
    return { events, reply };
  }
  const textsTo = async (from: string, to: string) =>
    (await deps.localTwilioAccount!.thread(from, to))
      .filter((m) => m.direction === 'outbound')
      .map((m) => m.body);

  it('runs parallel turns of one conversation one after the other, each on the state the one before stored', async () => {
    // The turn lease hands back the state it was taken on (docs/decisions/185-model-latency.md): no turn may
    // start from a state read before the previous turn stored its own.
    const { ownerId, assistantNumber } = await line();
    const conversation = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: '+14155550188',
      assistantNumber,
    });
    const lines = ['What are your hours?', 'How much is a haircut?', 'Where are you located?'];
    const replies = await Promise.all(lines.map((text) => turn(conversation.id, text)));
    expect(replies.every((r) => r.reply.length > 0)).toBe(true);
    const stored = await receptionist.getConversation(conversation.id);
    const speakers = stored!.turns.map((t) => t.speaker);
    expect(speakers).toEqual(['caller', 'assistant', 'caller', 'assistant', 'caller', 'assistant']);
    expect(
      stored!.turns
        .filter((t) => t.speaker === 'caller')
        .map((t) => t.text)
        .sort(),
    ).toEqual([...lines].sort());
  });

  it('reads the business beside the lease with the owner a channel knows, and ignores a wrong one', async () => {
    const { ownerId, assistantNumber } = await line();
    const conversation = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: '+14155550189',
      assistantNumber,
    });
    const reply = async (hint: string) => {
      const events: EngineEvent[] = [];
      for await (const event of receptionist.runTurn(conversation.id, {
        text: 'What are your hours?',
        ownerId: hint,
      }))
        events.push(event);
      return events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    };
    expect(await reply(ownerId)).toContain('Monday to Friday 9:00 AM – 5:00 PM');
    // Another owner's id (a wrong hint) must not answer with another business: the state's owner decides.
    expect(await reply('owner-without-a-business')).toContain('Monday to Friday 9:00 AM – 5:00 PM');
  });

  it("sends a turn's reads before the model as two requests: the lease and one BatchGetItem of the business", async () => {
    const { ownerId, assistantNumber } = await line();
    const conversation = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: '+14155550190',
      assistantNumber,
    });
    const sent: unknown[] = [];
    const send = DynamoDBDocumentClient.prototype.send;
    const spy = vi.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(function (
      this: DynamoDBDocumentClient,
      ...args: unknown[]
    ) {
      sent.push(args[0]);
      return (send as (...a: unknown[]) => unknown).apply(this, args);
    } as never);
    const events = receptionist.runTurn(conversation.id, { text: 'What are your hours?', ownerId });
    let first: IteratorResult<EngineEvent>;
    try {
      // The first event (the thread's language) comes once the business is read, before the model is asked.
      first = await events.next();
    } finally {
      spy.mockRestore();
    }
    expect(first.value).toMatchObject({ type: 'language' });
    expect(sent.map((command) => (command as object).constructor.name).sort()).toEqual([
      'BatchGetCommand',
      'UpdateCommand',
    ]);
    const batch = sent.find((command) => command instanceof BatchGetCommand) as BatchGetCommand;
    // Config, objective, payouts, knowledge base and calendar model.
    expect(batch.input.RequestItems![tableName]!.Keys).toHaveLength(5);
    const rest: EngineEvent[] = [];
    for await (const event of { [Symbol.asyncIterator]: () => events }) rest.push(event);
    expect(rest.some((event) => event.type === 'text')).toBe(true);
  });

  it('a turn closed at its first event stores nothing and frees the lease at once', async () => {
    const { ownerId, assistantNumber } = await line();
    const conversation = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: '+14155550191',
      assistantNumber,
    });
    const before = await receptionist.getConversation(conversation.id);
    const events = receptionist.runTurn(conversation.id, { text: 'What are your hours?', ownerId });
    expect((await events.next()).value).toMatchObject({ type: 'language' });
    await events.return(undefined);
    const after = await receptionist.getConversation(conversation.id);
    expect(after!.turns).toEqual(before!.turns);
    expect(after!.version).toBe(before!.version);
    // The next turn takes the lease without waiting for it to lapse (30 s).
    const started = Date.now();
    const { reply } = await turn(conversation.id, 'What are your hours?');
    expect(reply).toContain('Monday to Friday');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers from the business facts and never invents one', async () => {
    const { ownerId, assistantNumber } = await line();
    const conversation = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: CALLER,
      assistantNumber,
    });
    const hours = await turn(conversation.id, 'What are your hours?');
    expect(hours.reply).toContain('Monday to Friday 9:00 AM – 5:00 PM');
    expect(hours.events.some((e) => e.type === 'tool_call' && e.name === 'get_business_info')).toBe(true);
    const price = await turn(conversation.id, 'How much is a haircut?');
    expect(price.reply).toContain('Haircuts start at $45.');
    const website = await turn(conversation.id, "What's your website?");
    expect(website.reply).toMatch(/don't have our website on file.*take a message/);
  });

  it('books a slot resolved in the business time zone, texts a confirmation and records the outcome', async () => {
    const { ownerId, assistantNumber } = await line();
    const conversation = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: CALLER,
      assistantNumber,
    });
    const offer = await turn(conversation.id, 'Can I book a haircut tomorrow afternoon?');
    expect(offer.reply).toContain('Tuesday, November 24 at 12:00 PM');
    const choose = await turn(conversation.id, 'The 2:00 one please');
    expect(choose.reply).toMatch(/What name/);
    const name = await turn(conversation.id, 'Sam Lee');
    expect(name.reply).toContain("You're booked for Tuesday, November 24 at 2:00 PM");
    expect(name.events).toContainEqual(
      expect.objectContaining({ type: 'tool_result', name: 'book_appointment', ok: true }),
    );

    const [appointment] = await deps.data.appointments.upcoming(ownerId);
    expect(appointment).toMatchObject({
      customer_name: 'Sam Lee',
      customer_phone: CALLER,
      service: 'haircut',
      status: 'booked',
    });
    expect(appointment!.starts_at).toBe('2026-11-24T19:00:00.000Z');
    expect(
      (await textsTo(assistantNumber, CALLER)).some((t) => t.includes("you're booked for haircut")),
    ).toBe(true);

    const [record] = await deps.data.conversations.listConversations(
      ownerId,
      new Date(0),
      new Date('2030-01-01'),
    );
    expect(record).toMatchObject({
      channel: 'sms',
      caller: CALLER,
      outcome: 'booked',
      open: true,
      language: 'en',
    });
    expect(record!.transcript.length).toBe(6);
    expect(record!.actions!.map((a) => a.tool)).toEqual(['find_open_slots', 'book_appointment']);
  });

  it('books a Spanish texter in Spanish and texts the Spanish confirmation (decision 174)', async () => {
    const { ownerId, assistantNumber } = await line();
    await deps.data.businessConfigs.updateConfigFields(ownerId, { languages: ['en', 'es'] });
    const conversation = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: CALLER,
      assistantNumber,
    });
    const offer = await turn(conversation.id, 'Quiero una cita para un corte mañana por la tarde');
    expect(offer.reply).toContain('el martes 24 de noviembre a las 12:00 del mediodía');
    const choose = await turn(conversation.id, 'a las 2 por favor');
    expect(choose.reply).toMatch(/¿A nombre de quién hago la cita\?/);
    const name = await turn(conversation.id, 'Sofía Pérez');
    expect(name.reply).toContain('Su cita quedó para el martes 24 de noviembre a las 2:00 de la tarde.');
    const [appointment] = await deps.data.appointments.upcoming(ownerId);
    expect(appointment).toMatchObject({
      customer_name: 'Sofía Pérez',
      service: 'corte',
      status: 'booked',
      language: 'es',
    });
    // The call log's record keeps the thread's language (the owner's screens and e-mails name it).
    const [record] = await deps.data.conversations.listConversations(
      ownerId,
      new Date(0),
      new Date('2030-01-01'),
    );
    expect(record).toMatchObject({ channel: 'sms', language: 'es', outcome: 'booked' });
    expect(await textsTo(assistantNumber, CALLER)).toContainEqual(
      expect.stringContaining(
        'su cita para corte quedó para el martes 24 de noviembre a las 2:00 de la tarde. Responda CAMBIAR',
      ),
    );
  });

  it('sends a deposit link; only the paid webhook confirmation records the money and texts a receipt', async () => {
    const { ownerId, assistantNumber } = await line({ deposit: true });
    const countedFrom = recorded.counted.length;
    const conversation = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: CALLER,
      assistantNumber,
    });
    await turn(conversation.id, 'I want an appointment on Wednesday at 10am');
    const booked = await turn(conversation.id, 'yes, this is Ana');
    expect(booked.reply).toContain('$25 deposit');
    const link = (await textsTo(assistantNumber, CALLER)).find((t) => t.includes('deposit here'));
    const sessionId = /\/pay\/(cs_[a-z0-9]+)/.exec(link!)![1]!;
    let [record] = await deps.data.conversations.listConversations(
      ownerId,
      new Date(0),
      new Date('2030-01-01'),
    );
    expect(record!.amount_collected_cents).toBe(0);

    expect(await receptionist.depositPaid(sessionId)).toBe('paid');
    expect(await receptionist.depositPaid(sessionId)).toBe('already');
    // Paid into the owner's account, counted once on their Get paid card.
    expect((await deps.data.payouts.get(ownerId)).collected_cents).toBe(2500);
    // The business metrics: one SMS conversation, one booking, one deposit (the repeat counts nothing).
    expect(recorded.counted.slice(countedFrom)).toEqual([
      { name: 'SmsConversations', value: 1, dimensions: { channel: 'sms' } },
      { name: 'Bookings', value: 1, dimensions: { channel: 'sms' } },
      { name: 'Deposits', value: 1, dimensions: {} },
    ]);
    [record] = await deps.data.conversations.listConversations(ownerId, new Date(0), new Date('2030-01-01'));
    expect(record).toMatchObject({ amount_collected_cents: 2500, outcome: 'deposit_paid' });
    expect(record!.objectives_met).toMatchObject({
      appointment_booked: true,
      deposit_collected: true,
      confirmation_sent: true,
    });
    expect(
      (await textsTo(assistantNumber, CALLER)).filter((t) => t.includes('we received your $25 deposit')),
    ).toHaveLength(1);
    expect(await receptionist.depositPaid('cs_unknown')).toBe('unknown');
  });

  it('takes a message and texts the manager; escalation over SMS texts the manager a summary', async () => {
    const { ownerId, assistantNumber } = await line();
    const emitted = vi.spyOn(deps.webhooks, 'emit');
    const conversation = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: CALLER,
      assistantNumber,
    });
    expect((await turn(conversation.id, 'Can I leave a message?')).reply).toMatch(/your name/);
    expect((await turn(conversation.id, 'Jordan')).reply).toMatch(/pass on/);
    expect((await turn(conversation.id, 'Please call me about a refund')).reply).toMatch(
      /passed your message on/,
    );
    const [message] = await deps.data.ownerMessages.latest(ownerId);
    expect(message).toMatchObject({
      name: 'Jordan',
      reason: 'Please call me about a refund',
      callback_number: CALLER,
    });
    // The owner's webhooks hear it (decision 178).
    expect(emitted.mock.calls.filter(([, type]) => type === 'message.taken')).toEqual([
      [
        ownerId,
        'message.taken',
        expect.objectContaining({
          conversation_id: conversation.id,
          caller: CALLER,
          caller_name: 'Jordan',
          message: 'Please call me about a refund',
        }),
        conversation.id,
      ],
    ]);
    emitted.mockRestore();

    const escalation = await turn(conversation.id, 'Actually I need to talk to the manager');
    expect(escalation.reply).toContain("I've let Maria know");
    expect(escalation.events).toContainEqual(expect.objectContaining({ type: 'transfer', to: MANAGER }));
    const toManager = await textsTo(assistantNumber, MANAGER);
    expect(toManager.some((t) => t.includes('Please call me about a refund'))).toBe(true);
    expect(toManager.some((t) => t.includes('asked for a person'))).toBe(true);
  });

  it('cancels the caller’s appointment and ends politely on goodbye', async () => {
    const { ownerId, assistantNumber } = await line();
    const first = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: CALLER,
      assistantNumber,
    });
    await turn(first.id, 'book me for thursday at 11am');
    await turn(first.id, 'yes, my name is Lee');
    const conversation = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: CALLER,
      assistantNumber,
    });
    const cancel = await turn(conversation.id, 'I need to cancel my appointment');
    expect(cancel.reply).toContain('Thursday, November 26 at 11:00 AM is cancelled');
    expect(await deps.data.appointments.upcoming(ownerId)).toEqual([]);
    const bye = await turn(conversation.id, 'thanks, bye');
    expect(bye.events.at(-1)).toEqual({ type: 'end', reason: 'goodbye' });
    const after = await turn(conversation.id, 'hello?');
    expect(after.events).toEqual([{ type: 'end', reason: 'already_ended' }]);
  });

  it('says when the day asked for is closed, and never offers past times', async () => {
    const { ownerId, assistantNumber } = await line();
    const conversation = await receptionist.startConversation({
      ownerId,
      channel: 'test',
      caller: CALLER,
      assistantNumber,
    });
    const sunday = await turn(conversation.id, 'Do you have anything Sunday?');
    expect(sunday.reply).toMatch(/^We're closed then\. The next openings are Monday, November 30 at 9:00 AM/);
    const today = await turn(conversation.id, 'what about today at 9am');
    expect(today.reply).not.toContain('9:00 AM is open');
  });

  it('holds one slot for exactly one of 20 parallel bookings', async () => {
    const { ownerId } = await line();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        deps.data.appointments.book(ownerId, {
          starts_at: '2026-11-25T15:00:00.000Z',
          ends_at: '2026-11-25T15:30:00.000Z',
          customer_name: `Caller ${i}`,
          customer_phone: `+1415555${String(1000 + i)}`,
          service: null,
          conversation_id: null,
          channel: 'sms',
          deposit: null,
        }),
      ),
    );
    expect(attempts.filter((a) => a.ok)).toHaveLength(1);
    expect(attempts.filter((a) => !a.ok && a.reason === 'taken')).toHaveLength(19);
    const upcoming = await deps.data.appointments.upcoming(ownerId);
    expect(upcoming).toHaveLength(1);
  });

  it('keeps an SMS thread in one conversation for 24 hours, then starts a new one', async () => {
    const { ownerId, assistantNumber } = await line();
    const input = { ownerId, channel: 'sms' as const, caller: CALLER, assistantNumber };
    const first = await receptionist.conversationForThread(input);
    expect((await receptionist.conversationForThread(input)).id).toBe(first.id);
    clock = new Date(clock.getTime() + 25 * 3_600_000);
    expect((await receptionist.conversationForThread(input)).id).not.toBe(first.id);
    clock = new Date(clock.getTime() - 25 * 3_600_000);
  });

  it('starts exactly the conversations left in the day under parallel requests, each whole or not at all', async () => {
    const { ownerId, assistantNumber } = await line();
    const limit = RECEPTIONIST_LIMITS.conversationsPerDay;
    // Three conversations left today.
    const { Key } = deps.rateLimiter.countedHit(`conversations#${ownerId}`, limit, 86_400).Update;
    await doc.send(new PutCommand({ TableName: tableName, Item: { ...Key, hits: limit - 3 } }));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        receptionist.startConversation({
          ownerId,
          channel: 'voice',
          caller: `+1415555${String(2000 + i)}`,
          assistantNumber,
        }),
      ),
    );
    const started = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(started).toHaveLength(3);
    expect(refused.every((r) => r.reason instanceof ConversationLimitError)).toBe(true);
    // A refused start left neither a state nor a call-log record behind.
    const page = await deps.data.conversations.pageConversations(ownerId, {
      from: new Date(0),
      to: new Date(Date.now() + 400 * 86_400_000),
      limit: 50,
    });
    expect(page.items.map((c) => c.id).sort()).toEqual(
      started.map((r) => (r as PromiseFulfilledResult<{ id: string }>).value.id).sort(),
    );
  });
});
