import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { VoiceStreamServerMessage } from '../../shared/schemas/voice-stream';
import { createSocketConnectionRepository } from '../../backend/src/capabilities/voice/socket-connections';
import {
  createSocketHandler,
  type SocketEvent,
} from '../../backend/src/capabilities/voice/stream/api-gateway-transport';
import { startFakeManagementApi } from '../fakes/apigateway-management/fake-management-api';
import { createTestTokenIssuer } from '../support/signed-tokens';
import { createTestApp } from '../support/test-app';

/**
 * The API Gateway transport (ws-lambda.ts's handler) with real DynamoDB Local for connections and rate
 * limits, real espeak-ng speech, and replies posted through the real SDK to a local fake of the
 * connection management API.
 */
const { deps, doc, tableName } = await createTestApp();
const issuer = await createTestTokenIssuer();
const fake = await startFakeManagementApi();
afterAll(() => fake.close());

const handler = createSocketHandler({
  speech: deps.providers.speech,
  rateLimiter: deps.rateLimiter,
  logger: deps.logger,
  verifyToken: issuer.verifyToken,
  connections: createSocketConnectionRepository(doc, tableName),
  callbackUrl: `${fake.url}/prod`,
  createClient: (endpoint) =>
    new ApiGatewayManagementApiClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' },
    }),
});

const event = (
  routeKey: string,
  connectionId: string,
  extra: { token?: string; body?: string } = {},
): SocketEvent =>
  ({
    requestContext: { routeKey, connectionId, domainName: 'unused.test', stage: 'prod' },
    ...(extra.token !== undefined ? { queryStringParameters: { token: extra.token } } : {}),
    ...(extra.body !== undefined ? { body: extra.body } : {}),
  }) as unknown as SocketEvent;

const connectionItem = async (connectionId: string) =>
  (
    await doc.send(
      new GetCommand({ TableName: tableName, Key: { pk: `WSCONN#${connectionId}`, sk: 'CONNECTION' } }),
    )
  ).Item;

const postedTo = (connectionId: string) =>
  fake.posted
    .filter((p) => p.connectionId === connectionId)
    .map((p) => JSON.parse(p.body) as VoiceStreamServerMessage);

describe('voice streaming socket (API Gateway Lambda transport)', () => {
  it('refuses $connect with 401 and the spec text for missing, malformed and expired tokens', async () => {
    const cases = [
      [undefined, 'Invalid authentication token format'],
      ['a.b', 'Invalid authentication token format'],
      [await issuer.token(-5), 'Authentication token expired'],
    ] as const;
    for (const [token, message] of cases) {
      const result = (await handler(event('$connect', 'c-bad', token === undefined ? {} : { token }))) as {
        statusCode: number;
        body: string;
      };
      expect(result.statusCode).toBe(401);
      expect(JSON.parse(result.body)).toEqual({ error: 'unauthorized', message });
    }
    expect(await connectionItem('c-bad')).toBeUndefined();
  });

  it('records a connection with a TTL on $connect and forgets it on $disconnect', async () => {
    const result = await handler(event('$connect', 'c-1', { token: await issuer.token(3600, 'owner-9') }));
    expect(result).toEqual({ statusCode: 200 });
    const item = await connectionItem('c-1');
    expect(item).toMatchObject({ user_id: 'owner-9' });
    expect(item!.expires_at).toBeGreaterThan(Date.now() / 1000);
    await handler(event('$disconnect', 'c-1'));
    expect(await connectionItem('c-1')).toBeUndefined();
  });

  it('answers stream_voice on $default through PostToConnection: start, pcm chunks, complete', async () => {
    const body = JSON.stringify({
      action: 'stream_voice',
      provider: 'local',
      voice_config: { voice_id: 'james' },
      text: 'Hello there. Thanks for calling.',
      stream_id: 'lam-1',
    });
    expect(await handler(event('$default', 'c-2', { body }))).toEqual({ statusCode: 200 });
    const messages = postedTo('c-2');
    expect(fake.posted.filter((p) => p.connectionId === 'c-2').every((p) => p.stage === 'prod')).toBe(true);
    expect(messages[0]).toEqual({ type: 'stream_start', stream_id: 'lam-1' });
    const chunks = messages.filter((m) => m.type === 'audio_chunk');
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]).toMatchObject({ format: 'pcm', sample_rate: 22050, channels: 1 });
    expect(messages.at(-1)).toMatchObject({
      type: 'stream_complete',
      stream_id: 'lam-1',
      chunks: chunks.length,
    });
  });

  it('posts the spec error for text over 500 characters', async () => {
    const body = JSON.stringify({
      action: 'stream_voice',
      provider: 'local',
      voice_config: { voice_id: 'james' },
      text: 'x'.repeat(501),
      stream_id: 'lam-long',
    });
    await handler(event('$default', 'c-3', { body }));
    expect(postedTo('c-3')).toEqual([
      { type: 'error', stream_id: 'lam-long', message: 'Text too long (max 500 characters)' },
    ]);
  });

  it('stops quietly when the client has gone (410 Gone)', async () => {
    fake.disconnect('c-gone');
    const body = JSON.stringify({
      action: 'stream_voice',
      provider: 'local',
      voice_config: { voice_id: 'james' },
      text: 'Anyone there?',
      stream_id: 'lam-gone',
    });
    expect(await handler(event('$default', 'c-gone', { body }))).toEqual({ statusCode: 200 });
    expect(postedTo('c-gone')).toEqual([]);
  });
});
