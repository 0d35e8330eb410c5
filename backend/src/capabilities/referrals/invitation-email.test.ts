import { describe, expect, it } from 'vitest';
import { invitationEmail } from './invitation-email';

describe('the referral invitation e-mail', () => {
  it('names the product properly: "the AI receptionist", never "the ai receptionist"', () => {
    const message = invitationEmail('friend@example.com', 'Dana', 'https://app.example/signup?ref=abc');
    expect(message.subject).toBe('Dana invited you to try Ringly');
    expect(message.text).toContain(
      'Dana uses Ringly, the AI receptionist for small businesses, and invited you',
    );
    expect(message.text).not.toMatch(/\bai receptionist/);
    expect(message.text).toContain('https://app.example/signup?ref=abc');
  });

  it('tells the friend their first paid month is free, as the sign-up banner does (decision 164)', () => {
    const message = invitationEmail('friend@example.com', 'Dana', 'https://app.example/signup?ref=abc');
    expect(message.text).toContain('When your trial completes, your first paid month is free');
  });
});
