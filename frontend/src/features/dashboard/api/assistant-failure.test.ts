import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../lib/api-client';
import { assistantFailureText } from './assistant-failure';

const NOT_CONFIGURED =
  'This feature is unavailable: assistant is not configured (OPENAI_API_KEY is missing).';

describe('assistantFailureText', () => {
  it("shows the API's reason for a 503 (the assistant's missing key) and a 429 (the hourly limit)", () => {
    expect(assistantFailureText(new ApiClientError('Could not (503)', 503, NOT_CONFIGURED), 'generic')).toBe(
      NOT_CONFIGURED,
    );
    expect(assistantFailureText(new ApiClientError('x', 429, 'You have sent 30…'), 'generic')).toBe(
      'You have sent 30…',
    );
  });

  it('falls back to the generic text otherwise', () => {
    expect(assistantFailureText(new ApiClientError('x', 500, 'Something went wrong'), 'generic')).toBe(
      'generic',
    );
    expect(assistantFailureText(new ApiClientError('x', 503), 'generic')).toBe('generic');
    expect(assistantFailureText(new Error('network'), 'generic')).toBe('generic');
  });
});
