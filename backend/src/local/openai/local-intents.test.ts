import { describe, expect, it } from 'vitest';
import { extractName, extractService, intentOf, pickOffered } from './local-intents';

describe('intentOf: what small-business callers ask', () => {
  it.each([
    ['What are your hours?', 'hours'],
    ['are you open on saturday', 'hours'],
    ['Where are you located?', 'address'],
    ['How much is a haircut?', 'prices'],
    ['What services do you offer?', 'services'],
    ['Can I book an appointment for Friday?', 'book'],
    ['Do you have any availability tomorrow?', 'book'],
    ['I need to cancel my appointment', 'cancel'],
    ['Can I reschedule my booking?', 'reschedule'],
    ['How do I pay the deposit?', 'deposit'],
    ['Can I talk to a real person?', 'human'],
    ['I want to speak with the manager', 'human'],
    ['Can I leave a message for Dana?', 'message'],
    ['thanks!', 'goodbye'],
    ["that's all, bye", 'goodbye'],
    ['hello there', 'greeting'],
    ['yes please', 'yes'],
    ['Yes', 'yes'],
    ['nope', 'no'],
    // The confirmation text's own replies.
    ['CHANGE', 'reschedule'],
    ['change.', 'reschedule'],
    ['CANCEL APPT', 'cancel'],
    ['Cancel appt', 'cancel'],
    ['what is the meaning of life', 'unknown'],
  ])('%s → %s', (text, intent) => {
    expect(intentOf(text)).toBe(intent);
  });
});

describe('extractName', () => {
  it('reads a name from what callers say', () => {
    expect(extractName('Hi, this is Sam Lee calling')).toBe('Sam Lee');
    expect(extractName("my name's jordan")).toBe('Jordan');
    expect(extractName("I'm calling about my booking")).toBeUndefined();
  });
  it('takes a bare answer only when asked for a name', () => {
    expect(extractName('ana maria', true)).toBe('Ana Maria');
    expect(extractName('ana maria')).toBeUndefined();
    expect(extractName('tomorrow at 3 works?', true)).toBeUndefined();
  });
});

describe('extractService', () => {
  it('finds the service the caller named', () => {
    expect(extractService('Can I book a haircut tomorrow?')).toBe('haircut');
    expect(extractService('I need a cleaning on Friday')).toBe('cleaning');
    expect(extractService('Can I book an appointment?')).toBeUndefined();
  });
});

describe('pickOffered', () => {
  const offered = [
    { start: 'a', spoken: 'Tuesday, November 24 at 1:00 PM' },
    { start: 'b', spoken: 'Tuesday, November 24 at 2:30 PM' },
    { start: 'c', spoken: 'Wednesday, November 25 at 9:00 AM' },
  ];
  it('understands ordinals, clock times and days', () => {
    expect(pickOffered('the second one', offered)).toBe('b');
    expect(pickOffered('2:30 works', offered)).toBe('b');
    expect(pickOffered('9 am please', offered)).toBe('c');
    expect(pickOffered('Wednesday', offered)).toBe('c');
    expect(pickOffered('last one', offered)).toBe('c');
  });
  it('does not guess when the answer is unclear', () => {
    expect(pickOffered('Tuesday', offered)).toBeUndefined();
    expect(pickOffered('yes', offered)).toBeUndefined();
    expect(pickOffered('yes', offered.slice(0, 1))).toBe('a');
  });
});
