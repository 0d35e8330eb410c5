import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { serveLocally } from '../../backend/src/entry/local-node-server';
import { SERVICE_LIMITS } from '../../shared/service-limits';
import { createTestApp } from '../support/test-app';

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; socketReused: boolean };

/** One request through `agent`, reporting whether it rode a socket an earlier request had opened. */
const send = (agent: Agent, port: number, method: string, path: string, body?: Buffer) =>
  new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: body ? { 'Content-Type': 'application/json', 'Content-Length': body.length } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: text,
            socketReused: req.reusedSocket,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // A client that streams its body in pieces, as a browser or curl does with a large upload.
    if (body) {
      const piece = 16 * 1024;
      let offset = 0;
      const writeMore = () => {
        while (offset < body.length) {
          const chunk = body.subarray(offset, offset + piece);
          offset += piece;
          if (!req.write(chunk)) return void req.once('drain', () => setTimeout(writeMore, 5));
        }
        req.end();
      };
      writeMore();
    } else req.end();
  });

describe('local server: a refused oversized body on a kept-alive socket', async () => {
  const { app } = await createTestApp();
  const server = serveLocally(app, { port: 0 });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)));
  const { port } = server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers 413 with Connection: close, and the next request on the same agent gets its answer', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const warmUp = await send(agent, port, 'GET', '/health');
      expect(warmUp.status).toBe(200);
      expect(warmUp.headers.connection).toBe('keep-alive');

      const oversized = Buffer.from(
        JSON.stringify({ business_name: 'x'.repeat(SERVICE_LIMITS.maxRequestBodyBytes * 4) }),
      );
      const refused = await send(agent, port, 'PUT', '/oauth/users/someone/config', oversized);
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
      expect(JSON.parse(refused.body)).toMatchObject({ error: 'payload_too_large' });

      // The server closes that socket: the agent opens a fresh one instead of writing into a dead one.
      const next = await send(agent, port, 'GET', '/health');
      expect(next.status).toBe(200);
      expect(next.socketReused).toBe(false);
    } finally {
      agent.destroy();
    }
  });

  it('on a raw keep-alive socket whose client stopped sending: the whole 413, then the server closes it', async () => {
    // A client that stops uploading once the answer arrives (as curl does) and holds the socket open.
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    const declared = SERVICE_LIMITS.maxRequestBodyBytes * 4;
    socket.write(
      `PUT /oauth/users/someone/config HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(SERVICE_LIMITS.maxRequestBodyBytes + 1024, 'x'));
    await expect.poll(() => received.includes('payload_too_large'), { timeout: 5_000 }).toBe(true);
    const [head] = received.split('\r\n\r\n') as [string];
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/^connection: close$/im);
    // The server ends this socket itself: nothing is left half-read for a next request to run into.
    await closed;
  });

  it('keeps the socket open after an ordinary answer (only the refusal closes it)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, port, 'POST', '/oauth/international-waitlist', Buffer.from('{}'));
      expect(first.status).toBe(400);
      expect(first.headers.connection).toBe('keep-alive');
      const second = await send(agent, port, 'GET', '/health');
      expect(second.status).toBe(200);
      expect(second.socketReused).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
