import { describe, expect, it } from 'vitest';
import {
  businessDayOf,
  CALLER_GATES_TEXTS,
  fillTemplate,
  MISSED_CALL_TEMPLATE_MAX_CHARS,
  MISSED_CALL_TEMPLATE_PLACEHOLDERS,
  missedCallOf,
  templateProblem,
} from './caller-gates';
import { CALLER_TEXTS } from './caller-texts';

const rules = {
  maxChars: MISSED_CALL_TEMPLATE_MAX_CHARS,
  placeholders: MISSED_CALL_TEMPLATE_PLACEHOLDERS,
  ownHosts: ['app.ringly.example'],
};

describe('missedCallOf: what a final call status says about a missed call', () => {
  it.each(['no-answer', 'busy', 'failed', 'canceled'])('%s is a call that never connected', (status) => {
    expect(missedCallOf({ status })).toBe('not_connected');
  });
  it('a completed call whose relay never connected was missed before the greeting', () => {
    expect(missedCallOf({ status: 'completed', conversation: { answered: false } })).toBe(
      'hung_up_before_greeting',
    );
  });
  it('a completed call the assistant answered, or one with no conversation (the business line), was not', () => {
    expect(missedCallOf({ status: 'completed', conversation: { answered: true } })).toBeUndefined();
    expect(missedCallOf({ status: 'completed' })).toBeUndefined();
    expect(missedCallOf({ status: 'in-progress', conversation: { answered: false } })).toBeUndefined();
  });
  it('ring me first: a caller who hung up while the business line rang was missed; one it took was not', () => {
    expect(missedCallOf({ status: 'completed', businessLine: { pickedUp: false } })).toBe(
      'hung_up_while_business_rang',
    );
    expect(missedCallOf({ status: 'completed', businessLine: { pickedUp: true } })).toBeUndefined();
    // The line rang out and the assistant took the call: its conversation decides.
    expect(
      missedCallOf({
        status: 'completed',
        conversation: { answered: true },
        businessLine: { pickedUp: false },
      }),
    ).toBeUndefined();
  });
});

describe('templateProblem: the owner wording rules', () => {
  it('accepts plain wording and the allowed placeholder', () => {
    expect(templateProblem('Hi from {business}! Text us to book.', rules)).toBeUndefined();
    expect(templateProblem('Book at https://app.ringly.example/book', rules)).toBeUndefined();
  });
  it('refuses empty, too long, unknown placeholders and stray braces', () => {
    expect(templateProblem('   ', rules)).toBe(CALLER_GATES_TEXTS.templateEmpty);
    expect(templateProblem('x'.repeat(MISSED_CALL_TEMPLATE_MAX_CHARS + 1), rules)).toBe(
      CALLER_GATES_TEXTS.templateTooLong(MISSED_CALL_TEMPLATE_MAX_CHARS),
    );
    expect(templateProblem('Hi {name}', rules)).toMatch(/\{name\} is not a placeholder/);
    expect(templateProblem('Hi {business', rules)).toMatch(/Curly braces/);
  });
  it.each([
    'https://evil.example/x',
    'see www.example.com',
    'go to bit.ly/abc',
    'http://app.ringly.example.evil.com',
  ])('refuses a link that is not the product’s own: %s', (text) => {
    expect(templateProblem(`Sorry! ${text}`, rules)).toBe(CALLER_GATES_TEXTS.templateLink);
  });
  it('fills the placeholders', () => {
    expect(fillTemplate(' {business} here, { business }! ', { business: 'Bella Salon' })).toBe(
      'Bella Salon here, Bella Salon!',
    );
  });
});

describe('the default text-back', () => {
  it('is the product wording, prefixed with the business name, in English and Spanish', () => {
    expect(CALLER_TEXTS.en.missedCall('Bella Salon')).toBe(
      'Bella Salon: Sorry we missed you — text us here to book or ask anything.',
    );
    expect(CALLER_TEXTS.es.missedCall('Bella Salon')).toMatch(/^Bella Salon: /);
  });
});

describe('businessDayOf', () => {
  it('is the calendar day in the business time zone', () => {
    const at = new Date('2026-11-28T03:00:00Z');
    expect(businessDayOf(at, 'America/New_York')).toBe('2026-11-27');
    expect(businessDayOf(at, 'Europe/Madrid')).toBe('2026-11-28');
    expect(businessDayOf(at, 'Not/AZone')).toBe('2026-11-28');
  });
});
