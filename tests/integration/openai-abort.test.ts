import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createOpenAiModel } from '../../backend/src/capabilities/receptionist/model/openai-model';
import type { ModelRequest } from '../../backend/src/capabilities/receptionist/model/model-types';

/**
 * A speculative first step the turn did not adopt is aborted (docs/decisions/185-model-latency.md, session
 * 40): the request's signal must reach the SDK and close the HTTP request, not wait for the model.
 */
describe('the OpenAI adapter aborts a request when its signal fires', async () => {
  const closed: number[] = [];
  let received = 0;
  // An OpenAI-compatible endpoint that takes its time: it never answers, so only the abort ends the request.
  const server = http.createServer((req) => {
    received += 1;
    req.resume();
    req.on('close', () => closed.push(performance.now()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;

  it('rejects at once and closes the connection', async () => {
    const model = createOpenAiModel({ apiKey: 'sk-test-abort', baseUrl: `http://127.0.0.1:${port}/v1` });
    const controller = new AbortController();
    const request = {
      instructions: 'You are a receptionist.',
      context: 'It is Monday.',
      messages: [{ role: 'user', content: 'Hello?' }],
      tools: [],
      state: { owner_id: 'owner-1' },
      callerText: 'Hello?',
      turnResults: [],
      now: new Date(),
      signal: controller.signal,
    } as unknown as ModelRequest;
    const first = model.respond(request)[Symbol.asyncIterator]().next();
    await expect.poll(() => received, { timeout: 5_000 }).toBe(1);
    const abortedAt = performance.now();
    controller.abort();
    await expect(first).rejects.toThrow(/OpenAI chat failed/);
    await expect.poll(() => closed.length, { timeout: 5_000 }).toBe(1);
    expect(closed[0]! - abortedAt).toBeLessThan(1_000);
  });
});
