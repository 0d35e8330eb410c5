import { describe, expect, it } from 'vitest';
import { keywordTraps } from '@shared/carrier-keywords';
import { URGENT_SMS_REASONS } from '@shared/notifications';
import { VOICE_TEXTS } from '@shared/voice-relay';
import { urgentSmsText } from './urgent-sms';

/**
 * The texts our numbers send the owner or manager are held to the same rule as callers' (decision 168): a
 * manager who answers one with a keyword would stop the assistant's number texting them.
 */
describe('texts to the owner invite no carrier keyword', () => {
  it.each(URGENT_SMS_REASONS)('the urgent text for %s', (reason) => {
    const text = urgentSmsText({
      reason,
      businessName: 'Bella Hair Studio',
      caller: '+14155550123',
      detail: 'Message taken from Sam: please call back about a cancellation',
      amountCents: 2500,
      link: 'https://app.example/dashboard?tab=call-log',
    });
    expect(keywordTraps(text)).toEqual([]);
  });

  it("the missed transfer's summary", () => {
    expect(keywordTraps(VOICE_TEXTS.missedTransfer('Bella Hair Studio', 'Sam wants to cancel.'))).toEqual([]);
  });
});
