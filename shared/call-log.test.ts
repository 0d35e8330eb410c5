import { describe, expect, it } from 'vitest';
import {
  callerLanguageSentence,
  callRouteLabel,
  conversationSummary,
  durationSeconds,
  isOtherLanguage,
  languageLabel,
  OUTCOME_LABELS,
} from './call-log';

const at = '2026-11-23T10:00:00.000Z';
const turn = (speaker: 'caller' | 'assistant', text: string) => ({ speaker, text, at });
const action = (tool: string, summary: string, ok = true) => ({ tool, summary, ok, at });

describe('conversationSummary', () => {
  it('says the most telling thing the assistant did, preferring a paid deposit over a booking', () => {
    expect(
      conversationSummary({
        transcript: [turn('caller', 'Can I book?')],
        actions: [
          action('book_appointment', 'Booked Cut for Ana on Wed'),
          action('deposit_paid', 'Deposit $25 paid'),
        ],
      }),
    ).toBe('Deposit $25 paid');
  });

  it('ignores failed tools and falls back to what the caller first asked, on one line and clipped', () => {
    const summary = conversationSummary({
      transcript: [turn('assistant', 'Hi!'), turn('caller', `What are\nyour hours? ${'x'.repeat(300)}`)],
      actions: [action('book_appointment', 'Slot was just taken', false)],
    });
    expect(summary.startsWith('Asked: “What are your hours? x')).toBe(true);
    expect(summary.length).toBe(160);
    expect(summary.endsWith('…')).toBe(true);
  });

  it('names a silent conversation', () => {
    expect(conversationSummary({ transcript: [], outcome: 'abandoned' })).toBe('The caller said nothing');
    expect(conversationSummary({ transcript: [], outcome: 'escalated' })).toBe('Transferred');
  });

  it('measures duration in whole seconds, never negative', () => {
    expect(durationSeconds('2026-11-23T10:00:00.000Z', '2026-11-23T10:01:35.400Z')).toBe(95);
    expect(durationSeconds('2026-11-23T10:00:00.000Z', '2026-11-23T09:00:00.000Z')).toBe(0);
  });
});

describe('callRouteLabel', () => {
  it('says how a call reached the assistant, and nothing for records without a route', () => {
    expect(callRouteLabel({})).toBeUndefined();
    expect(callRouteLabel({ call_route: 'ring_first', owner_dial_status: 'busy' })).toBe(
      'Your line was busy: your assistant answered',
    );
    expect(callRouteLabel({ call_route: 'ring_first', owner_dial_status: 'no-answer' })).toBe(
      'You did not pick up: your assistant answered',
    );
    expect(callRouteLabel({ call_route: 'after_hours' })).toBe('Answered after hours');
    expect(callRouteLabel({ call_route: 'assistant', forwarded: true })).toBe(
      'Answered by your assistant · Forwarded from your business line',
    );
  });

  it('never says the assistant answered a call the caller hung up on before its greeting', () => {
    expect(callRouteLabel({ call_route: 'assistant', answered: false })).toBe(
      'Hung up before your assistant answered',
    );
    expect(
      callRouteLabel({ call_route: 'ring_first', owner_dial_status: 'no-answer', answered: false }),
    ).toBe('You did not pick up, and the caller hung up before your assistant answered');
    expect(callRouteLabel({ call_route: 'after_hours', answered: false, forwarded: true })).toBe(
      'After hours: hung up before your assistant answered · Forwarded from your business line',
    );
    expect(callRouteLabel({ call_route: 'after_hours', answered: true })).toBe('Answered after hours');
  });

  it('an in-hours call sent to the business phone says who took it, or what its leg came to (session 42)', () => {
    expect(callRouteLabel({ call_route: 'business_line', owner_answered: true, answered: false })).toBe(
      'Answered by you',
    );
    const missed = { call_route: 'business_line', owner_answered: false, answered: false } as const;
    expect(callRouteLabel({ ...missed, owner_dial_status: 'no-answer' })).toBe(
      'Nobody picked up your business phone',
    );
    expect(callRouteLabel({ ...missed, owner_dial_status: 'busy' })).toBe('Your business phone was busy');
    expect(callRouteLabel({ ...missed, owner_dial_status: 'failed' })).toBe(
      'Your business phone could not be reached',
    );
    expect(callRouteLabel(missed)).toBe('The caller hung up while your business phone rang');
    expect(OUTCOME_LABELS.missed).toBe('Missed');
  });

  it('a ring-me-first call the owner picked up says so, never that nobody answered', () => {
    expect(callRouteLabel({ call_route: 'ring_first', owner_answered: true, answered: false })).toBe(
      'Answered by you',
    );
  });
});

describe('the caller’s language in the call log (decision 174)', () => {
  it('names the language, English for records stored before languages were kept', () => {
    expect(languageLabel('es')).toBe('Spanish');
    expect(languageLabel('en')).toBe('English');
    expect(languageLabel(undefined)).toBe('English');
  });

  it('tells the owner only when the caller did not speak English', () => {
    expect(isOtherLanguage('es')).toBe(true);
    expect(isOtherLanguage('en')).toBe(false);
    expect(isOtherLanguage(undefined)).toBe(false);
    expect(callerLanguageSentence('es')).toBe('The caller spoke Spanish.');
    expect(callerLanguageSentence('en')).toBeUndefined();
    expect(callerLanguageSentence(undefined)).toBeUndefined();
  });
});
