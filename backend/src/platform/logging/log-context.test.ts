import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { withAnswerHeaders } from '../http/answer-headers';
import { addLogContext, runWithEventLogContext, runWithLogContext } from './log-context';
import { createLogger } from './logger';

const recording = () => {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, logger: createLogger((line) => lines.push(JSON.parse(line) as Record<string, unknown>)) };
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('log context', () => {
  it('puts the request and conversation ids on every line, without mixing concurrent requests', async () => {
    const { lines, logger } = recording();
    const request = (id: string, conversation: string) =>
      runWithLogContext({ request_id: id }, async () => {
        logger.info('start');
        await tick();
        addLogContext({ conversation_id: conversation });
        await tick();
        logger.info('turn', { step: 1 });
      });
    await Promise.all([request('r1', 'c1'), request('r2', 'c2')]);
    const summary = lines.map(({ message, request_id, conversation_id }) => [
      message,
      request_id,
      conversation_id,
    ]);
    expect(summary.sort()).toEqual([
      ['start', 'r1', undefined],
      ['start', 'r2', undefined],
      ['turn', 'r1', 'c1'],
      ['turn', 'r2', 'c2'],
    ]);
    logger.info('outside');
    expect(lines.at(-1)).not.toHaveProperty('request_id');
  });
});

describe('the log context of a Lambda event, without AsyncLocalStorage', () => {
  it("puts the event's ids on every line for the event's duration only", async () => {
    const { lines, logger } = recording();
    await runWithEventLogContext({ request_id: 'ev1' }, async () => {
      logger.info('start');
      await tick();
      addLogContext({ conversation_id: 'c1' });
      logger.info('answered');
    });
    logger.info('between events');
    await runWithEventLogContext({ request_id: 'ev2' }, async () => logger.info('next'));
    expect(
      lines.map(({ message, request_id, conversation_id }) => [message, request_id, conversation_id]),
    ).toEqual([
      ['start', 'ev1', undefined],
      ['answered', 'ev1', 'c1'],
      ['between events', undefined, undefined],
      ['next', 'ev2', undefined],
    ]);
  });

  it('never mixes overlapping events, nor a request of the concurrent server, with the event', async () => {
    const { lines, logger } = recording();
    const event = (id: string) =>
      runWithEventLogContext({ request_id: id }, async () => {
        await tick();
        addLogContext({ conversation_id: `c-${id}` });
        await tick();
        logger.info('done');
      });
    const serverRequest = runWithLogContext({ request_id: 'server' }, async () => {
      await tick();
      logger.info('served');
    });
    await Promise.all([event('a'), event('b'), serverRequest]);
    const summary = lines.map(({ message, request_id, conversation_id }) => [
      message,
      request_id,
      conversation_id,
    ]);
    expect(summary.sort()).toEqual([
      ['done', 'a', 'c-a'],
      ['done', 'b', 'c-b'],
      ['served', 'server', undefined],
    ]);
  });
});

describe('request id middleware', () => {
  const appWith = () => {
    const { lines, logger } = recording();
    const app = withAnswerHeaders(new Hono(), { allowedOrigins: [] });
    app.get('/x', async (c) => {
      await tick();
      logger.info('handled');
      return c.text('ok');
    });
    return { app, lines };
  };

  it("uses API Gateway's request id in Lambda, and answers it in X-Request-Id", async () => {
    const { app, lines } = appWith();
    const response = await app.request('/x', {}, { event: { requestContext: { requestId: 'gw-123' } } });
    expect(response.headers.get('x-request-id')).toBe('gw-123');
    expect(lines).toEqual([expect.objectContaining({ message: 'handled', request_id: 'gw-123' })]);
  });

  it('keeps a well-formed incoming id and replaces anything else with a new one', async () => {
    const { app, lines } = appWith();
    await app.request('/x', { headers: { 'x-request-id': 'client-id-42' } });
    await app.request('/x', { headers: { 'x-request-id': 'bad id; with spaces' } });
    expect(lines[0]!.request_id).toBe('client-id-42');
    expect(lines[1]!.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
