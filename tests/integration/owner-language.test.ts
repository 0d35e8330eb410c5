import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '../../shared/receptionist/business-time';
import type { ConversationChannel } from '../../shared/conversation';
import type { StoredEmail } from '../../backend/src/providers/email/port';
import { startFakeOpenAi } from '../fakes/openai/fake-openai';
import { createAssistantLine } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';

const NY = 'America/New_York';
/** Monday 2026-12-14, 10:00 in New York: ahead of the real time, so DynamoDB Local's TTL keeps the items. */
const NOW = zonedInstant({ year: 2026, month: 12, day: 14, hour: 10, minute: 0 }, NY);
const CALLER = '+14155550123';
const HOURS = [
  'Monday: 9:00 AM – 5:00 PM',
  'Tuesday: 9:00 AM – 5:00 PM',
  'Wednesday: 9:00 AM – 5:00 PM',
  'Thursday: 9:00 AM – 5:00 PM',
  'Friday: 9:00 AM – 5:00 PM',
  'Saturday: Closed',
  'Sunday: Closed',
];

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A bilingual salon whose summaries go to a fresh address; conversations on it, turn by turn. */
async function bilingualSalon({ deps }: TestApp) {
  const { ownerId, assistantNumber } = await createAssistantLine(deps, { businessName: 'Bella Hair Studio' });
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
  await deps.data.businessConfigs.updateConfigFields(ownerId, {
    time_zone: NY,
    business_hours: { weekday_text: HOURS },
    escalation_email: email,
    languages: ['en', 'es'],
  });
  const talk = async (channel: ConversationChannel, lines: string[], beforeEnd?: () => void) => {
    const conversation = await deps.receptionist.startConversation({
      ownerId,
      channel,
      caller: CALLER,
      assistantNumber,
    });
    for (const text of lines)
      for await (const _event of deps.receptionist.runTurn(conversation.id, { text }));
    beforeEnd?.();
    await deps.receptionist.finish(conversation.id, 'caller hung up');
    await deps.notifier.settled();
    return conversation.id;
  };
  const recordOf = async (id: string) =>
    (await deps.data.conversations.listConversations(ownerId, new Date(0), new Date('2030-01-01'))).find(
      (record) => record.id === id,
    );
  const summaries = async (): Promise<StoredEmail[]> =>
    (await deps.localOutbox!.list()).filter((m) => m.to === email && m.kind === 'notification-summary');
  return { ownerId, talk, recordOf, summaries };
}

describe('the owner reads it in English, with the local model (decision 174)', async () => {
  const app = await createTestApp({}, { now: () => NOW });

  it("stores the caller's language on the record and names it in the English summary, quoting the caller", async () => {
    const salon = await bilingualSalon(app);
    const spanish = await salon.talk('voice', [
      'Quiero una cita para un corte mañana por la tarde',
      'a las 2 por favor',
      'Sofía Pérez',
    ]);
    expect(await salon.recordOf(spanish)).toMatchObject({
      channel: 'voice',
      language: 'es',
      outcome: 'booked',
    });
    const [mail] = await salon.summaries();
    expect(mail!.subject).toBe('Bella Hair Studio: call with (415) 555-0123 (Booked, in Spanish)');
    expect(mail!.text).toContain(
      'Call with (415) 555-0123, handled by your assistant. The caller spoke Spanish.',
    );
    expect(mail!.text).toContain('Language: Spanish');
    expect(mail!.text).toContain('Outcome: Booked');
    expect(mail!.text).toContain(
      [
        "In the caller's words (Spanish):",
        '  “Quiero una cita para un corte mañana por la tarde”',
        '  “a las 2 por favor”',
        '  “Sofía Pérez”',
      ].join('\n'),
    );
    // No model: no English rendering, and nothing claims one.
    expect(mail!.text).not.toMatch(/translation|In English/);

    // An English text thread on the same line: English on the record, nothing about languages in the e-mail.
    const english = await salon.talk('sms', ['What are your hours?']);
    expect(await salon.recordOf(english)).toMatchObject({ channel: 'sms', language: 'en' });
    const plain = (await salon.summaries()).find((m) => m.subject.includes('text conversation'))!;
    expect(plain.text).not.toMatch(/spoke|Language:|caller's words/);
  });
});

describe('the owner reads it in English, with the OpenAI model (real SDK, local fake API)', async () => {
  const API_KEY = 'sk-test-owner-language';
  const fake = await startFakeOpenAi({
    apiKey: API_KEY,
    // The receptionist's streamed turns: a plain answer, no tools.
    streamReply: () => ({ content: 'Claro, con gusto.' }),
    // The rendering asked for by the summary e-mail.
    reply: (body) => {
      const lines = JSON.parse(body.messages.at(-1)!.content) as string[];
      return JSON.stringify({ lines: lines.map((line) => `[English of: ${line}]`) });
    },
  });
  afterAll(() => fake.close());
  const app = await createTestApp(
    { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.baseUrl },
    { now: () => NOW },
  );
  const renderings = () =>
    fake.requests.filter((r) => r.path === '/v1/chat/completions' && r.body.stream !== true);

  it('adds the English rendering, one request per summary; a failed rendering still sends the e-mail', async () => {
    const salon = await bilingualSalon(app);
    expect(app.deps.receptionist.kind).toBe('openai');
    await salon.talk('voice', ['Hola, ¿cuánto cuesta un corte de pelo?']);
    expect(renderings()).toHaveLength(1);
    const [mail] = await salon.summaries();
    expect(mail!.text).toContain('The caller spoke Spanish.');
    expect(mail!.text).toContain(
      [
        "In the caller's words (Spanish):",
        '  “Hola, ¿cuánto cuesta un corte de pelo?”',
        '',
        'In English (machine translation, may be imperfect):',
        '  “[English of: Hola, ¿cuánto cuesta un corte de pelo?]”',
      ].join('\n'),
    );

    // The model fails when the e-mail asks for the rendering (after the conversation's own turns).
    await salon.talk('sms', ['¿Abren el sábado por la mañana?'], () => fake.failNext(500));
    expect(renderings()).toHaveLength(2);
    const second = (await salon.summaries()).find((m) => m.subject.includes('text conversation'))!;
    expect(second.text).toContain('  “¿Abren el sábado por la mañana?”');
    expect(second.text).not.toContain('In English');
    expect(app.logLines.some((line) => line.message === 'notifications.english_rendering_failed')).toBe(true);
    // The caller's words never reach the log.
    expect(JSON.stringify(app.logLines)).not.toContain('Abren el sábado');

    // An English caller costs no rendering.
    await salon.talk('sms', ['What are your hours?']);
    expect(renderings()).toHaveLength(2);
  });
});
