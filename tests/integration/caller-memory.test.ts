import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { zonedInstant } from '../../shared/receptionist/business-time';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { readVoiceTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { conversationIdOfCall, VOICE_PATHS } from '../../backend/src/capabilities/voice/voice-webhook-routes';
import { keys } from '../../backend/src/platform/dynamo/keys';
import type { EngineEvent } from '../../backend/src/capabilities/receptionist/records/conversation-types';
import { createAssistantLine, TEST_API_ORIGIN } from '../support/assistant-line';
import { postTwilioForm } from '../support/signed-sms';
import { createTestApp } from '../support/test-app';

const NY = 'America/New_York';
/** Monday 2026-11-23, 10:00 in New York. */
let clock = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);
const HOURS = [
  'Monday: 9:00 AM – 5:00 PM',
  'Tuesday: 9:00 AM – 5:00 PM',
  'Wednesday: 9:00 AM – 5:00 PM',
  'Thursday: 9:00 AM – 5:00 PM',
  'Friday: 9:00 AM – 5:00 PM',
  'Saturday: Closed',
  'Sunday: Closed',
];
let callerSeq = 0;
const newCaller = () => `+1415555${String(3100 + (callerSeq += 1)).padStart(4, '0')}`;

describe('caller memory: a returning caller is remembered only with "Remember past callers" on', async () => {
  const { app, deps, doc, tableName } = await createTestApp({}, { now: () => clock });
  const { receptionist } = deps;

  async function line(remember: boolean, retentionDays?: 30 | 90 | 365) {
    const { ownerId, assistantNumber } = await createAssistantLine(deps);
    await deps.data.businessConfigs.updateConfigFields(ownerId, {
      time_zone: NY,
      business_hours: { weekday_text: HOURS },
      assistant_name: 'Ava',
      remember_past_callers: remember,
      ...(retentionDays ? { transcript_retention_days: retentionDays } : {}),
    });
    return { ownerId, assistantNumber };
  }
  async function turn(conversationId: string, text: string) {
    const events: EngineEvent[] = [];
    for await (const event of receptionist.runTurn(conversationId, { text })) events.push(event);
    return events
      .filter((e): e is Extract<EngineEvent, { type: 'text' }> => e.type === 'text')
      .map((e) => e.delta)
      .join('');
  }
  /** A text conversation that books Wednesday 10:00 as Ana, then ends. */
  async function bookByText(ownerId: string, assistantNumber: string, caller: string) {
    const conversation = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller,
      assistantNumber,
    });
    await turn(conversation.id, 'I want a haircut appointment on Wednesday at 10am');
    expect(await turn(conversation.id, 'yes, this is Ana')).toMatch(/booked/i);
    await receptionist.finish(conversation.id, 'thread quiet');
    return conversation;
  }
  const call = async (assistantNumber: string, caller: string) => {
    const callSid = `CA${randomBytes(16).toString('hex')}`;
    const form = {
      CallSid: callSid,
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      From: caller,
      To: assistantNumber,
    };
    const url = `${TEST_API_ORIGIN}${VOICE_PATHS.incoming}`;
    const response = await postTwilioForm(app, url, form);
    expect(response.status).toBe(200);
    const twiml = readVoiceTwiml(await response.text());
    return {
      greeting: twiml.relay?.welcomeGreeting ?? '',
      language: twiml.relay?.language,
      conversationId: conversationIdOfCall(callSid),
    };
  };
  const storedMemory = async (ownerId: string, caller: string) =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: keys.callerMemory(ownerId, caller) }))).Item;

  it('remembers the name and service a booking gave, with the retention as its expiry', async () => {
    const { ownerId, assistantNumber } = await line(true, 90);
    const caller = newCaller();
    await bookByText(ownerId, assistantNumber, caller);
    const item = await storedMemory(ownerId, caller);
    expect(item).toMatchObject({ name: 'Ana', last_service: 'haircut', language: 'en' });
    // Forgotten when the owner's transcripts are: last seen + 90 days.
    expect(item!.expires_at).toBe(Math.floor(Date.parse(String(item!.last_seen_at)) / 1000) + 90 * 86_400);
    // Nothing of what was said is kept.
    expect(Object.keys(item!).sort()).toEqual([
      'expires_at',
      'language',
      'last_seen_at',
      'last_service',
      'name',
      'pk',
      'sk',
    ]);
  });

  it('a returning caller is greeted by name on a call and offered their upcoming appointment', async () => {
    const { ownerId, assistantNumber } = await line(true);
    const caller = newCaller();
    await bookByText(ownerId, assistantNumber, caller);
    const { greeting, conversationId } = await call(assistantNumber, caller);
    expect(greeting).toBe(
      'Hi Ana, welcome back! Thanks for calling Bella Hair Studio, this is Ava. How can I help you today?',
    );
    const offer = await turn(conversationId, 'Hi');
    expect(offer).toContain('I see your haircut appointment on Wednesday, November 25 at 10:00 AM');
    expect(offer).toMatch(/keep it, move it or cancel it/);
    expect(await turn(conversationId, 'Keep it please')).toContain("you're all set for Wednesday");
    // A stranger on the same line is greeted as anyone is.
    expect((await call(assistantNumber, newCaller())).greeting).toBe(
      'Thanks for calling Bella Hair Studio, this is Ava. How can I help you today?',
    );
  });

  it('a caller remembered as speaking Spanish is welcomed back in Spanish, on a relay that opens in Spanish, only where Spanish is served (decision 174)', async () => {
    const { ownerId, assistantNumber } = await line(true);
    const caller = newCaller();
    await deps.data.callerMemories.remember(ownerId, caller, { name: 'Lucía', language: 'es' }, clock, 30);
    // English only (the owner never chose Spanish): the English welcome, the English relay.
    const english = await call(assistantNumber, caller);
    expect(english.greeting).toBe(
      'Hi Lucía, welcome back! Thanks for calling Bella Hair Studio, this is Ava. How can I help you today?',
    );
    expect(english.language).toBe('en-US');
    const englishThread = await receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller,
      assistantNumber,
    });
    expect(englishThread.language).toBeUndefined();

    await deps.data.businessConfigs.updateConfigFields(ownerId, { languages: ['en', 'es'] });
    const spanish = await call(assistantNumber, caller);
    expect(spanish.greeting).toBe(
      '¡Hola, Lucía! Qué gusto saludarle de nuevo. Gracias por llamar a Bella Hair Studio. Le atiende Ava. ¿En qué le puedo ayudar?',
    );
    expect(spanish.language).toBe('es-US');
    // The conversation opens in Spanish: a first "ok" is answered in Spanish, with no switch announced.
    expect((await receptionist.getConversation(spanish.conversationId))?.language).toBe('es');
    const events: EngineEvent[] = [];
    for await (const event of receptionist.runTurn(spanish.conversationId, { text: 'ok' }))
      events.push(event);
    expect(events[0]).toEqual({ type: 'language', language: 'es', changed: false });
    // A text thread opens in the remembered language too.
    clock = new Date(clock.getTime() + 60_000);
    const thread = await receptionist.startConversation({ ownerId, channel: 'sms', caller, assistantNumber });
    expect(thread.language).toBe('es');
    // A caller remembered in English, on the same bilingual line: the English welcome and its Spanish offer.
    const other = newCaller();
    await deps.data.callerMemories.remember(ownerId, other, { name: 'Sam', language: 'en' }, clock, 30);
    const sam = await call(assistantNumber, other);
    expect(sam.greeting).toMatch(/^Hi Sam, welcome back! .* Para español, diga español\.$/);
    expect(sam.language).toBe('en-US');
    // After hours the Spanish greeting says so too, with the next open day in Spanish.
    await deps.data.businessConfigs.updateConfigFields(ownerId, { answer_mode: 'after_hours' });
    const open = clock;
    clock = zonedInstant({ year: 2026, month: 11, day: 23, hour: 20, minute: 0 }, NY);
    try {
      expect((await call(assistantNumber, caller)).greeting).toBe(
        '¡Hola, Lucía! Qué gusto saludarle de nuevo. Gracias por llamar a Bella Hair Studio. Ahora mismo estamos cerrados, pero puedo darle una cita para mañana. Le atiende Ava. ¿En qué le puedo ayudar?',
      );
      expect((await call(assistantNumber, other)).greeting).toMatch(
        /^Hi Sam, welcome back! Thanks for calling Bella Hair Studio, we're closed right now, but I can book you for tomorrow\./,
      );
    } finally {
      clock = open;
    }
  });

  it('a returning texter is answered by name, and can cancel the offered appointment', async () => {
    const { ownerId, assistantNumber } = await line(true);
    const caller = newCaller();
    await bookByText(ownerId, assistantNumber, caller);
    clock = new Date(clock.getTime() + 60_000);
    const again = await receptionist.startConversation({ ownerId, channel: 'sms', caller, assistantNumber });
    const reply = await turn(again.id, 'hello');
    expect(reply).toMatch(/^Hi Ana, welcome back! I see your haircut appointment on Wednesday/);
    expect(await turn(again.id, 'Cancel it')).toContain('is cancelled');
    expect((await deps.data.appointments.nextOf(ownerId, caller)) ?? null).toBeNull();
  });

  it('the conversation starts knowing the remembered facts, and nothing when memory is off', async () => {
    const on = await line(true);
    const off = await line(false);
    const caller = newCaller();
    await bookByText(on.ownerId, on.assistantNumber, caller);
    await bookByText(off.ownerId, off.assistantNumber, caller);
    const remembered = await receptionist.startConversation({
      ownerId: on.ownerId,
      channel: 'sms',
      caller,
      assistantNumber: on.assistantNumber,
    });
    expect(remembered.returning).toEqual({ name: 'Ana', last_service: 'haircut' });
    const forgotten = await receptionist.startConversation({
      ownerId: off.ownerId,
      channel: 'sms',
      caller,
      assistantNumber: off.assistantNumber,
    });
    expect(forgotten.returning).toBeUndefined();
  });

  it('with "Remember past callers" off nothing is stored and nobody is greeted by name', async () => {
    const { ownerId, assistantNumber } = await line(false);
    const caller = newCaller();
    await bookByText(ownerId, assistantNumber, caller);
    expect(await storedMemory(ownerId, caller)).toBeUndefined();
    const { greeting, conversationId } = await call(assistantNumber, caller);
    expect(greeting).not.toContain('Ana');
    expect(await turn(conversationId, 'Hi')).not.toContain('I see your');
  });

  it("one owner's memory never reaches another owner's assistant", async () => {
    const first = await line(true);
    const second = await line(true);
    const caller = newCaller();
    await bookByText(first.ownerId, first.assistantNumber, caller);
    expect((await call(second.assistantNumber, caller)).greeting).not.toContain('Ana');
  });

  it("erasing a caller removes the memory: the next call is a stranger's", async () => {
    const { ownerId, assistantNumber } = await line(true);
    const caller = newCaller();
    await bookByText(ownerId, assistantNumber, caller);
    expect(await storedMemory(ownerId, caller)).toBeDefined();
    await deps.data.callerErasure.erase(ownerId, caller);
    expect(await storedMemory(ownerId, caller)).toBeUndefined();
    expect((await call(assistantNumber, caller)).greeting).not.toContain('Ana');
  });

  it('a late-finishing older conversation never overwrites a newer memory', async () => {
    const { ownerId } = await line(true);
    const caller = newCaller();
    const later = new Date(clock.getTime() + 3_600_000);
    await Promise.all([
      deps.data.callerMemories.remember(ownerId, caller, { name: 'Sam' }, later, 365),
      deps.data.callerMemories.remember(ownerId, caller, { name: 'Old Name' }, clock, 365),
    ]);
    await deps.data.callerMemories.remember(ownerId, caller, { name: 'Older' }, clock, 365);
    expect(await storedMemory(ownerId, caller)).toMatchObject({
      name: 'Sam',
      last_seen_at: later.toISOString(),
    });
  });
});
