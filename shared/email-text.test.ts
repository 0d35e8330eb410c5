import { describe, expect, it } from 'vitest';
import { EMAIL_TEXT_MAX_LENGTH, sanitizeEmailText } from './email-text';

describe('sanitizeEmailText', () => {
  it('keeps ordinary names, accents and punctuation', () => {
    expect(sanitizeEmailText('  Bright Smile Dental  ')).toBe('Bright Smile Dental');
    expect(sanitizeEmailText("Zoë's Café & Spa, Inc.")).toBe("Zoë's Café & Spa, Inc.");
    expect(sanitizeEmailText('Dr. Smith')).toBe('Dr. Smith');
  });

  it('turns CR/LF into spaces so nothing can start a new header line', () => {
    expect(sanitizeEmailText('Acme\r\nBcc: victim@example.com')).toBe('Acme Bcc:');
    expect(sanitizeEmailText('Line\u2028two')).toBe('Line two');
  });

  it('removes bidi controls, zero-width and control characters', () => {
    expect(sanitizeEmailText('Bob \u202Eyppah\u202C Salon')).toBe('Bob yppah Salon');
    expect(sanitizeEmailText('Zero\u200Bwidth\u0007')).toBe('Zerowidth');
  });

  it('removes links of every shape and e-mail addresses', () => {
    expect(sanitizeEmailText('Claim your prize at https://evil.example/win now')).toBe(
      'Claim your prize at now',
    );
    expect(sanitizeEmailText('Visit www.evil.example')).toBe('Visit');
    expect(sanitizeEmailText('Go to evil.co/login.')).toBe('Go to');
    expect(sanitizeEmailText('bank-secure.com')).toBe('');
    expect(sanitizeEmailText('Write to boss@evil.example')).toBe('Write to');
    expect(sanitizeEmailText('javascript://x')).toBe('');
  });

  it('caps the length on a character boundary', () => {
    const long = '😀'.repeat(EMAIL_TEXT_MAX_LENGTH + 10);
    const result = sanitizeEmailText(long);
    expect(Array.from(result)).toHaveLength(EMAIL_TEXT_MAX_LENGTH);
    expect(result).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
