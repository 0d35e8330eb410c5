import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from '@shared/origin-verify';
import { clientAddress } from './client-address';

const app = new Hono().get('/', (c) => c.text(clientAddress(c)));
const addressOf = async (headers: Record<string, string>) => (await app.request('/', { headers })).text();

describe('clientAddress', () => {
  it("reads the viewer address the edge set, not a client's X-Forwarded-For", async () => {
    expect(
      await addressOf({ [VIEWER_ADDRESS_HEADER]: '203.0.113.9', 'x-forwarded-for': '1.2.3.4, 203.0.113.9' }),
    ).toBe('203.0.113.9');
  });

  it('falls back to the last X-Forwarded-For entry, which a client cannot choose', async () => {
    expect(await addressOf({ 'x-forwarded-for': '1.2.3.4, 198.51.100.7' })).toBe('198.51.100.7');
    expect(await addressOf({ 'x-forwarded-for': '198.51.100.7' })).toBe('198.51.100.7');
  });

  it('says unknown when nothing names the caller', async () => {
    expect(await addressOf({})).toBe('unknown');
  });
});
