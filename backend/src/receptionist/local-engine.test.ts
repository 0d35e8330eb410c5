import { describe, expect, it } from 'vitest';
import { detectIntents, localReply } from './local-engine';

const facts = {
  business_name: 'Bella Hair Studio',
  assistant_name: 'Ava',
  phone_number: '+14155550142',
  address: '12 Market St, San Francisco, CA',
  website: 'https://bellahair.example.com/',
  business_description: 'Bella Hair Studio offers cuts, colour and styling. Walk-ins welcome.',
  business_hours: {
    weekday_text: [
      'Monday: Closed',
      'Tuesday: 9:00 AM – 6:00 PM',
      'Wednesday: 9:00 AM – 6:00 PM',
      'Thursday: 9:00 AM – 6:00 PM',
      'Friday: 9:00 AM – 6:00 PM',
      'Saturday: 9:00 AM – 6:00 PM',
      'Sunday: Closed',
    ],
  },
};
const reply = (text: string, options: { firstTurn?: boolean; concise?: boolean; facts?: object } = {}) =>
  localReply({
    facts: options.facts ?? facts,
    text,
    firstTurn: options.firstTurn ?? false,
    concise: options.concise ?? true,
  });

describe('local engine intents', () => {
  it('recognises what callers ask', () => {
    expect(detectIntents('What are your hours on Saturday?')).toEqual(['hours']);
    expect(detectIntents('Where are you located?')).toEqual(['location']);
    expect(detectIntents('How much is a haircut?')).toEqual(['services']);
    expect(detectIntents('Can I book an appointment?')).toEqual(['book']);
    expect(detectIntents('Can I talk to a person')).toEqual(['person']);
    expect(detectIntents('thanks, bye')).toEqual(['thanks', 'goodbye']);
    expect(detectIntents('asdf')).toEqual([]);
  });
});

describe('local engine replies', () => {
  it('introduces itself on the first turn and answers from the business data', () => {
    expect(reply('Hi, are you open today?', { firstTurn: true }).text).toBe(
      'Hi, this is Ava at Bella Hair Studio. Our hours are Tuesday to Saturday 9:00 AM – 6:00 PM; closed Monday and Sunday.',
    );
    expect(reply('Where are you?').text).toBe("We're at 12 Market St, San Francisco, CA.");
    expect(reply('website?').text).toBe('Our website is bellahair.example.com.');
  });

  it('never invents a fact it does not have: it offers a message instead', () => {
    const bare = { business_name: 'Joe Plumbing', phone_number: '+14155550100' };
    expect(reply('What are your hours?', { facts: bare }).text).toBe(
      "I don't have our opening hours on hand. I can pass a message to the team, or you can call (415) 555-0100.",
    );
    expect(reply('How much for a haircut?').text).toContain("I don't have exact prices on hand.");
    expect(reply('Do you sell cars?xyz').text).not.toMatch(/\$\d/);
    expect(reply('qwerty').text).toBe(
      "I'm not sure I have that information. I can pass a message to the team, or you can call (415) 555-0142.",
    );
  });

  it('ends politely on thanks or goodbye alone', () => {
    expect(reply('Thanks, bye!')).toEqual({
      text: "You're welcome. Thanks for contacting Bella Hair Studio, goodbye!",
      end: true,
    });
    expect(reply('Thanks, where are you?').end).toBe(false);
  });

  it('says more when the owner did not ask for concise answers', () => {
    expect(reply('Where are you?', { concise: false }).text).toBe(
      "We're at 12 Market St, San Francisco, CA. Is there anything else I can help with?",
    );
  });
});
