import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import { ConversationBusyError } from '../../capabilities/receptionist/receptionist';
import { createErrorHandler } from './error-handler';

const appThrowing = (error: Error) => {
  const lines: string[] = [];
  const app = new Hono();
  app.get('/', () => {
    throw error;
  });
  app.onError(createErrorHandler(createLogger((line) => lines.push(line))));
  return { app, lines };
};

describe('error handler', () => {
  it('answers a busy conversation with 503 and the wait it names, not a 500', async () => {
    const { app, lines } = appThrowing(new ConversationBusyError('conv-1'));
    const response = await app.request('/');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toMatchObject({ error: 'busy' });
    expect(lines.join('\n')).not.toContain('Unhandled');
  });

  it('answers anything unexpected with a 500 that leaks nothing', async () => {
    const { app, lines } = appThrowing(new Error('secret internals'));
    const response = await app.request('/');
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain('secret');
    expect(lines.join('\n')).toContain('Unhandled error');
  });
});
