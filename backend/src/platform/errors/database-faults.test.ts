import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-faults';

describe('isDatabaseUnavailable', () => {
  it('recognises refused connections, timeouts, throttling and service 5xx', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { name: 'TimeoutError' }))).toBe(true);
    expect(isDatabaseUnavailable({ name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } })).toBe(
      true,
    );
    expect(isDatabaseUnavailable({ name: 'Whatever', $metadata: { httpStatusCode: 503 } })).toBe(true);
    const aggregate = new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]);
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: { code: 'ETIMEDOUT' } }))).toBe(true);
  });

  it('leaves bugs and client errors alone', () => {
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(
      isDatabaseUnavailable({ name: 'ConditionalCheckFailedException', $metadata: { httpStatusCode: 400 } }),
    ).toBe(false);
    expect(isDatabaseUnavailable({ name: 'ValidationException', $metadata: { httpStatusCode: 400 } })).toBe(
      false,
    );
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
