import { describe, expect, it } from 'vitest';
import { SMS_MAX_BODY_CHARS, capSmsBody, formatPhoneForText } from './sms';

describe('capSmsBody', () => {
  it('keeps a short reply as it is', () => {
    expect(capSmsBody('See you at 3pm!')).toBe('See you at 3pm!');
  });

  it('cuts a long reply at a word boundary within the limit', () => {
    const long = 'word '.repeat(500);
    const capped = capSmsBody(long);
    expect(capped.length).toBeLessThanOrEqual(SMS_MAX_BODY_CHARS);
    expect(capped.endsWith('word…')).toBe(true);
  });

  it('cuts a reply without spaces hard', () => {
    const capped = capSmsBody('x'.repeat(2000), 10);
    expect(capped).toBe(`${'x'.repeat(9)}…`);
  });

  it('never cuts inside an emoji: no lone surrogate, no half of a joined emoji', () => {
    // 'xxxxxxx' then 🙂 (two code units) across the cut at 8: a plain slice would keep half of it.
    const capped = capSmsBody(`xxxxxxx🙂${'y'.repeat(20)}`, 9);
    expect(capped).toBe('xxxxxxx…');
    expect(capped).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    // A family emoji (several code points joined) is kept whole or dropped whole.
    const family = '👨‍👩‍👧';
    const cappedFamily = capSmsBody(`xxxx${family}${'y'.repeat(20)}`, 8);
    expect(cappedFamily).toBe('xxxx…');
    expect(capSmsBody(`xx${family}${'y'.repeat(20)}`, 12)).toBe(`xx${family}y…`);
  });
});

describe('formatPhoneForText', () => {
  it('writes North American numbers the usual way and keeps others', () => {
    expect(formatPhoneForText('+14155550142')).toBe('(415) 555-0142');
    expect(formatPhoneForText('4155550142')).toBe('(415) 555-0142');
    expect(formatPhoneForText('+442079460000')).toBe('+442079460000');
    expect(formatPhoneForText(undefined)).toBeUndefined();
    expect(formatPhoneForText('  ')).toBeUndefined();
  });
});
