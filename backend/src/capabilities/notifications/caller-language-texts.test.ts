import { describe, expect, it } from 'vitest';
import type { Conversation } from '@shared/schemas/conversation';
import { digestEmail } from './digest';
import { callerWords, summaryEmail, type SummaryFacts } from './summary-email';
import { urgentSmsText } from './urgent-sms';

const at = '2026-11-23T15:00:00.000Z';
const links = { unsubscribe: 'https://api.example/u', settings: 'https://app.example/s' };
const facts = (overrides: Partial<SummaryFacts> = {}): SummaryFacts => ({
  id: 'c1',
  channel: 'voice',
  caller: '+14155550123',
  started_at: at,
  ended_at: '2026-11-23T15:02:05.000Z',
  amount_collected_cents: 0,
  actions: [{ tool: 'book_appointment', ok: true, summary: 'Booked corte for Sofía Pérez', at }],
  outcome: 'booked',
  summary: 'Booked corte for Sofía Pérez',
  ...overrides,
});
const email = (conversation: SummaryFacts) =>
  summaryEmail({
    businessName: 'Bella Hair Studio',
    timeZone: 'America/New_York',
    conversation,
    conversationLink: 'https://app.example/c1',
    links,
  });

describe('the summary e-mail stays in English and names the caller’s language (decision 174)', () => {
  it('says the caller spoke Spanish, quotes their words and adds the English rendering when there is one', () => {
    const mail = email(
      facts({
        language: 'es',
        callerWords: ['Quiero una cita mañana a las 2', 'Sofía Pérez'],
        englishRendering: ['I want an appointment tomorrow at 2', 'Sofía Pérez'],
      }),
    );
    expect(mail.subject).toBe('Bella Hair Studio: call with (415) 555-0123 (Booked, in Spanish)');
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Call with (415) 555-0123, handled by your assistant. The caller spoke Spanish.');
    expect(lines).toContain('Language: Spanish');
    expect(mail.text).toContain(
      [
        'Summary: Booked corte for Sofía Pérez',
        '',
        "In the caller's words (Spanish):",
        '  “Quiero una cita mañana a las 2”',
        '  “Sofía Pérez”',
        '',
        'In English (machine translation, may be imperfect):',
        '  “I want an appointment tomorrow at 2”',
        '  “Sofía Pérez”',
        '',
        'What the assistant did:',
      ].join('\n'),
    );
  });

  it('claims no English without a rendering (the local model), and quotes nothing when nothing was said', () => {
    const local = email(facts({ language: 'es', callerWords: ['Hola'] }));
    expect(local.text).toContain("In the caller's words (Spanish):\n  “Hola”\n");
    expect(local.text).not.toMatch(/In English|translation/);
    const silent = email(facts({ language: 'es', callerWords: [] }));
    expect(silent.text).toContain('The caller spoke Spanish.');
    expect(silent.text).not.toContain("caller's words");
  });

  it('reads as before for an English caller and for records without a language', () => {
    for (const language of ['en', undefined] as const) {
      const mail = email(facts({ ...(language ? { language } : {}), callerWords: ['Hi'] }));
      expect(mail.subject).toBe('Bella Hair Studio: call with (415) 555-0123 (Booked)');
      expect(mail.text).not.toMatch(/spoke|Language:|caller's words|In English/);
    }
  });

  it('quotes only the caller, first lines first, each on one safe, capped line', () => {
    const turn = (speaker: 'caller' | 'assistant', text: string) => ({ speaker, text, at });
    const words = callerWords(
      [
        turn('assistant', 'Gracias por llamar'),
        turn('caller', 'Hola,\nquiero\tuna cita'),
        turn('caller', 'visiten www.evil.example ya'),
        turn('caller', '   '),
        turn('caller', 'x'.repeat(500)),
        turn('caller', 'la última'),
      ],
      { lines: 3, lineChars: 50 },
    );
    expect(words).toEqual(['Hola, quiero una cita', 'visiten ya', 'x'.repeat(50)]);
  });
});

describe('the digest and the urgent texts name a caller’s language (decision 174)', () => {
  const conversation = (overrides: Partial<Conversation>): Conversation => ({
    id: 'c1',
    business_id: 'b1',
    channel: 'voice',
    caller: '+14155550123',
    started_at: at,
    ended_at: at,
    transcript: [],
    objectives_met: {},
    amount_collected_cents: 0,
    escalated: false,
    outcome: 'answered',
    summary: 'Asked: “¿Abren el sábado?”',
    ...overrides,
  });

  it('lists a Spanish conversation with its language and an English one as before', () => {
    const digest = digestEmail({
      businessName: 'Bella Hair Studio',
      timeZone: 'America/New_York',
      date: '2026-11-23',
      counts: {
        conversations: 2,
        bookings: 0,
        deposits_collected_cents: 0,
        messages_waiting: 0,
        missed_calls_saved: 0,
      },
      conversations: [
        conversation({ id: 'es', language: 'es' }),
        conversation({ id: 'en', language: 'en', channel: 'sms', summary: 'Asked: “Open Sunday?”' }),
      ],
      callLogLink: 'https://app.example/calls',
      links,
    });
    const listed = digest.text.split('\n').filter((line) => line.startsWith('- '));
    expect(listed[0]).toBe(
      '- 10:00 AM · Call · Spanish · (415) 555-0123 · Answered · Asked: “¿Abren el sábado?”',
    );
    expect(listed[1]).toBe('- 10:00 AM · SMS · (415) 555-0123 · Answered · Asked: “Open Sunday?”');
  });

  it('says a failed transfer’s caller spoke Spanish; a message’s own summary already says it', () => {
    const base = { businessName: 'Bella', caller: '+14155550123', link: 'https://app.example/c1' };
    expect(urgentSmsText({ ...base, reason: 'transfer_failed', language: 'es' })).toBe(
      'Bella: a call from (415) 555-0123 (in Spanish) could not be transferred to you. https://app.example/c1',
    );
    expect(urgentSmsText({ ...base, reason: 'transfer_failed', language: 'en' })).toBe(
      'Bella: a call from (415) 555-0123 could not be transferred to you. https://app.example/c1',
    );
    expect(
      urgentSmsText({
        ...base,
        reason: 'message_taken',
        language: 'es',
        detail: 'Message taken from Lucía (in Spanish): Llámenme por favor',
      }),
    ).toBe(
      'Bella: Message taken from Lucía (in Spanish): Llámenme por favor ((415) 555-0123). https://app.example/c1',
    );
  });
});
