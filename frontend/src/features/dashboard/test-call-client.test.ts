import { describe, expect, it } from 'vitest';
import { relaySocketUrl } from './test-call-client';

describe('test call client', () => {
  it("adds the owner's token to the relay URL, keeping the deployed API's channel query", () => {
    expect(relaySocketUrl('ws://localhost:3001/relay', 'a.b.c')).toBe(
      'ws://localhost:3001/relay?token=a.b.c',
    );
    expect(relaySocketUrl('wss://abc.execute-api.us-east-1.amazonaws.com/prod?channel=relay', 'a.b.c')).toBe(
      'wss://abc.execute-api.us-east-1.amazonaws.com/prod?channel=relay&token=a.b.c',
    );
  });
});
