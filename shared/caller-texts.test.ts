import { describe, expect, it } from 'vitest';
import { CALLER_TEXTS, callerTexts, inEachLanguage } from './caller-texts';
import { appointmentReplyOf, invitedReplies, keywordTraps } from './carrier-keywords';
import { DEPOSIT_REFUND_OUTCOMES } from './get-paid';
import { LANGUAGES } from './language';

/** Distinct markers for every placeholder, so a template that drops or swaps one is caught. */
const parts = { business: '«BUSINESS»', when: '«WHEN»', service: '«SERVICE»' };
const rendered = (language: (typeof LANGUAGES)[number]): Record<string, string> => {
  const t = CALLER_TEXTS[language];
  return {
    booked: t.booked(parts),
    'booked without a service': t.booked({ ...parts, service: null }),
    rescheduled: t.rescheduled(parts),
    reminder: t.reminder(parts),
    'reminder with a note': t.reminder(parts, 'Bring «NOTE».'),
    ...Object.fromEntries(
      DEPOSIT_REFUND_OUTCOMES.flatMap((refund) => [
        [`cancelled (${refund})`, t.cancelled(parts, refund)],
        [`cancelledByBusiness (${refund})`, t.cancelledByBusiness(parts, refund)],
        [`depositRefund (${refund})`, t.depositRefund[refund] || '(none)'],
      ]),
    ),
    schedulingLink: t.schedulingLink(parts, '«URL»'),
    depositLink: t.depositLink('«BUSINESS»', '«AMOUNT»', '«URL»'),
    depositReceived: t.depositReceived(parts, '«AMOUNT»'),
    lapsed: t.lapsed('«BUSINESS»', '«PHONE»'),
    'lapsed without a phone': t.lapsed('«BUSINESS»', undefined),
    unavailable: t.unavailable('«BUSINESS»', '«PHONE»'),
    missedCall: t.missedCall('«BUSINESS»'),
    tooLong: t.tooLong,
    empty: t.empty,
    unknownNumber: t.unknownNumber,
    welcomeBack: t.welcomeBack('«NAME»'),
  };
};
const placeholders = (text: string) => [...text.matchAll(/«[A-Z]+»|\d+/g)].map((m) => m[0]).sort();

describe('caller-facing texts: one table, every template in English and Spanish (decision 174)', () => {
  const english = rendered('en');
  const spanish = rendered('es');

  it('has the same templates in every language', () => {
    for (const language of LANGUAGES)
      expect(Object.keys(CALLER_TEXTS[language]).sort()).toEqual(Object.keys(CALLER_TEXTS.en).sort());
    expect(Object.keys(spanish)).toEqual(Object.keys(english));
  });

  it.each(Object.keys(english))('%s: translated, with the same placeholders', (name) => {
    // "(none)": no sentence in either language (no deposit to speak of).
    expect(spanish[name] === english[name]).toBe(english[name] === '(none)');
    expect(placeholders(spanish[name]!)).toEqual(placeholders(english[name]!));
  });

  it.each(Object.keys(spanish))('%s (Spanish) leads no caller into a carrier keyword', (name) => {
    expect(keywordTraps(spanish[name]!)).toEqual([]);
  });

  it('names the Spanish reply words, which the engine understands', () => {
    expect(invitedReplies(spanish.booked!)).toEqual(['CAMBIAR', 'CANCELAR CITA']);
    expect(invitedReplies(spanish.rescheduled!)).toEqual(['CAMBIAR', 'CANCELAR CITA']);
    expect(invitedReplies(spanish.reminder!).sort()).toEqual(['CAMBIAR', 'CANCELAR CITA', 'CONFIRMAR']);
    expect(invitedReplies(english.reminder!).sort()).toEqual(['CANCEL APPT', 'CHANGE', 'CONFIRM']);
    expect(appointmentReplyOf('Confirmar')).toBe('confirm');
    expect(appointmentReplyOf('Cambiar')).toBe('change');
    expect(appointmentReplyOf('cancelar cita.')).toBe('cancel');
    expect(appointmentReplyOf('cancelar')).toBeUndefined();
  });

  it('falls back to English when the caller’s language is not known', () => {
    expect(callerTexts(undefined)).toBe(CALLER_TEXTS.en);
    expect(callerTexts('es').empty).toBe(CALLER_TEXTS.es.empty);
  });

  it('says a notice in each served language, English first, when the reader’s language is unknown', () => {
    expect(inEachLanguage(['en'], (t) => t.empty)).toBe(CALLER_TEXTS.en.empty);
    expect(inEachLanguage(['en', 'es'], (t) => t.empty)).toBe(
      `${CALLER_TEXTS.en.empty} ${CALLER_TEXTS.es.empty}`,
    );
  });
});
