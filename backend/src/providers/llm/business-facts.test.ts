import { describe, expect, it } from 'vitest';
import { businessKind, firstSentence, readablePhone, spokenWebsite, summarizeHours } from './business-facts';

describe('summarizeHours', () => {
  it('folds consecutive days with equal hours and names closed days', () => {
    expect(
      summarizeHours([
        'Monday: 9:00 AM – 5:00 PM',
        'Tuesday: 9:00 AM – 5:00 PM',
        'Wednesday: 9:00 AM – 5:00 PM',
        'Thursday: 9:00 AM – 5:00 PM',
        'Friday: 9:00 AM – 5:00 PM',
        'Saturday: 10:00 AM – 2:00 PM',
        'Sunday: Closed',
      ]),
    ).toBe('Monday to Friday 9:00 AM – 5:00 PM, Saturday 10:00 AM – 2:00 PM; closed Sunday');
  });

  it('does not join equal hours across a gap', () => {
    expect(summarizeHours(['Monday: 9–5', 'Tuesday: Closed', 'Wednesday: 9–5'])).toBe(
      'Monday 9–5, Wednesday 9–5; closed Tuesday',
    );
    expect(summarizeHours(['Saturday: Closed', 'Sunday: closed'])).toBe('closed Saturday and Sunday');
  });

  it('keeps free-form lines as they are and says nothing without hours', () => {
    expect(summarizeHours(['By appointment only'])).toBe('By appointment only');
    expect(summarizeHours([])).toBeUndefined();
    expect(summarizeHours(undefined)).toBeUndefined();
  });
});

describe('businessKind', () => {
  it('prefers the sign-up business type, else reads the name', () => {
    expect(businessKind({ business_type: 'dental', business_name: 'Bella Hair' })).toBe('dental');
    expect(businessKind({ business_name: 'Bella Vista Hair Studio' })).toBe('salon');
    expect(businessKind({ business_name: 'Sunset Auto Repair' })).toBe('auto');
    expect(businessKind({ business_name: 'Acme Widgets' })).toBe('other');
    expect(businessKind({ business_type: 'unknown-type', business_name: 'Serenity Day Spa' })).toBe('spa');
  });
});

describe('small phrasing helpers', () => {
  it('takes the first sentence and speaks a website without its scheme', () => {
    expect(firstSentence('We cut hair. We also colour it.')).toBe('We cut hair.');
    expect(firstSentence('No full stop')).toBe('No full stop');
    expect(spokenWebsite('https://bella.example/')).toBe('bella.example');
    expect(readablePhone('+14155550134')).toBe('(415) 555-0134');
    expect(readablePhone('415.555.0134')).toBe('(415) 555-0134');
    expect(readablePhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});
