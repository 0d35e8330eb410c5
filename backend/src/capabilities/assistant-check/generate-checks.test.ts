import { describe, expect, it } from 'vitest';
import { CHECK_COUNT, generateChecks, timesOutside } from './generate-checks';

const WEEKDAYS_9_TO_5 = [
  'Monday: Closed',
  'Tuesday: 10:00 AM – 6:00 PM',
  'Wednesday: 10:00 AM – 6:00 PM',
  'Thursday: 10:00 AM – 6:00 PM',
  'Friday: 10:00 AM – 6:00 PM',
  'Saturday: 9:00 AM – 1:00 PM',
  'Sunday: Closed',
];

describe('generateChecks: ten conversations from the owner’s own configuration', () => {
  const checks = generateChecks({
    weekdayText: WEEKDAYS_9_TO_5,
    description: 'Sunny Paws grooms dogs in Austin. Baths start at $30.',
    address: '7 Elm Rd, Austin, TX',
    managerName: 'Dana',
    knowledge: [{ question: 'Do you groom cats?', answer: 'No, dogs only.' }],
  });
  const byId = (id: string) => checks.find((c) => c.id === id)!;

  it('always makes ten, each with turns', () => {
    expect(checks).toHaveLength(CHECK_COUNT);
    expect(new Set(checks.map((c) => c.id)).size).toBe(CHECK_COUNT);
    for (const check of checks) expect(check.turns.length).toBeGreaterThan(0);
  });

  it('asks about an open day (expecting its opening time) and a closed day (expecting "closed")', () => {
    const hours = byId('hours');
    expect(hours.title).toBe('Opening hours on Tuesday and Monday');
    expect(hours.turns[0]).toEqual({ say: 'Are you open on Tuesday?', expect: { says: ['10:00 AM'] } });
    expect(hours.turns[1]).toEqual({ say: 'And on Monday?', expect: { says: [/closed/i] } });
  });

  it('asks the price and the address the owner gave, and the first knowledge entry', () => {
    expect(byId('prices').turns[0]).toEqual({ say: 'How much is a bath?', expect: { says: ['$30'] } });
    expect(byId('address').turns[0]!.expect!.says).toEqual(['7 Elm Rd']);
    expect(byId('knowledge').turns[0]).toEqual({
      say: 'Do you groom cats?',
      expect: { says: ['No, dogs only.'], calls: ['get_business_info'] },
    });
    expect(byId('owner-claim').turns[0]!.say).toBe('Dana said I could get 20% off.');
  });

  it('books on an open day, stopping at the offer, with the times checked against that day', () => {
    const booking = byId('booking');
    expect(booking.turns).toHaveLength(1);
    expect(booking.neverCalls).toContain('book_appointment');
    expect(booking.timesWithin).toEqual({ turn: 1, intervals: [{ start: 600, end: 1080 }] });
    expect(byId('message').neverCalls).toContain('take_message');
  });

  it('picks a "don’t know" question the configuration does not answer', () => {
    const withGiftCards = generateChecks({ description: 'Gift cards on sale.', knowledge: [] });
    expect(withGiftCards.find((c) => c.id === 'unknown')!.turns[0]!.say).toBe('Do you have wifi?');
    expect(byId('unknown').turns[0]!.say).toBe('Do you sell gift cards?');
  });

  it('without hours, knowledge, price or address it still makes ten, expecting "don’t know" where nothing is set', () => {
    const bare = generateChecks({ knowledge: [] });
    expect(bare).toHaveLength(CHECK_COUNT);
    expect(bare[0]!.turns).toEqual([{ say: 'What are your hours?', expect: {} }]);
    expect(bare.find((c) => c.id === 'knowledge')!.turns[0]!.expect!.says).toHaveLength(1);
    expect(bare.find((c) => c.id === 'booking')!.timesWithin).toBeUndefined();
  });

  it('expects no opening time for a day open around the clock', () => {
    const allDay = generateChecks({
      weekdayText: ['Monday: Open 24 hours', 'Sunday: Closed'],
      knowledge: [],
    });
    expect(allDay[0]!.turns[0]).toEqual({ say: 'Are you open on Monday?', expect: { says: [] } });
  });
});

describe('timesOutside', () => {
  const tenToSix = [{ start: 600, end: 1080 }];
  it('passes times inside the hours (the closing time included) and names each one outside', () => {
    expect(timesOutside('I have 10:00 AM, 2:30 PM or 6:00 PM.', tenToSix, 1)).toEqual([]);
    expect(timesOutside('How about 9:30 AM or 7 PM?', tenToSix, 1)).toEqual([
      'turn 1: offered 9:30 AM, outside your opening hours',
      'turn 1: offered 7 PM, outside your opening hours',
    ]);
  });
});
