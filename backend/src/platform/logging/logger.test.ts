import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('createLogger', () => {
  it('writes one JSON object per line and redacts secret-looking keys at any depth', () => {
    const lines: string[] = [];
    createLogger((line) => lines.push(line)).info('hello', {
      user: 'u1',
      idToken: 'eyJ...',
      nested: { Authorization: 'Bearer x', list: [{ password: 'p' }] },
    });
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'info', message: 'hello', user: 'u1', idToken: '[redacted]' });
    expect(entry.nested.Authorization).toBe('[redacted]');
    expect(entry.nested.list[0].password).toBe('[redacted]');
  });
});
