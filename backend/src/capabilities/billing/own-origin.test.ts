import { describe, expect, it } from 'vitest';
import { isOwnOrigin } from './own-origin';

const allowed = ['http://localhost:5173', 'https://app.example.com'];

describe('isOwnOrigin', () => {
  it('accepts URLs on an allowed origin, whatever the path and query', () => {
    expect(isOwnOrigin('http://localhost:5173/setup?payment=success&plan=p', allowed)).toBe(true);
    expect(isOwnOrigin('https://app.example.com/plans?payment=cancelled', allowed)).toBe(true);
  });

  it('refuses other hosts, ports, schemes and look-alikes', () => {
    for (const url of [
      'http://localhost:5174/setup',
      'http://app.example.com/setup',
      'https://app.example.com.evil.test/setup',
      'https://evil.test/?next=https://app.example.com',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isOwnOrigin(url, allowed), url).toBe(false);
    }
  });
});
