import type { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import type { RelayOutgoing } from '@shared/voice-relay-messages';
import type { TokenVerifier } from '../../../platform/auth/token-verifier';
import type { RelayCallRepository } from '../records/relay-calls';
import {
  callbackEndpoint,
  createPostToConnectionSender,
  managementClients,
  type SocketEvent,
} from '../stream/api-gateway-transport';
import { relaySignedUrl, verifyRelayHandshake, RelayHandshakeRefused } from './handshake';
import { relayBindings } from './relay-bindings';
import { createRelaySession, type RelaySessionDeps } from './relay-session';

/** `$connect` events carry the handshake's headers (Twilio's signature among them). */
export type RelaySocketEvent = SocketEvent & { headers?: Record<string, string | undefined> | null };

const headerOf = (event: RelaySocketEvent, name: string) => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
};

/** The query the socket was opened with, as the caller wrote it (API Gateway hands it over parsed). */
const searchOf = (event: RelaySocketEvent) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(event.queryStringParameters ?? {})) {
    if (value !== undefined) query.append(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
};

/**
 * The relay (ConversationRelay) on the API Gateway WebSocket API (docs/decisions/030-voice-channel.md):
 * `$connect` checks Twilio's signature over the API's wss URL or the owner's JWT (`?token=`) and records
 * the connection (RELAYCALL#<connectionId>); a refused handshake gets 403 and no socket. `$default` runs one
 * message through the same relay session as the local `ws` server, answering through PostToConnection;
 * the socket's state is read from DynamoDB on every message, so any Lambda instance takes the next one.
 * `$disconnect` closes the session (a test call's conversation ends; a phone call's ends by its status
 * callback).
 */
export function createRelaySocketHandler(
  deps: RelaySessionDeps & {
    relayCalls: RelayCallRepository;
    verifyToken: TokenVerifier;
    /** The Twilio auth token (from the vendor secret in AWS). */
    authToken: string | undefined;
    /** VOICE_RELAY_URL: the relay API's wss URL, the one the TwiML gives Twilio and Twilio signs. */
    relayUrl: string | undefined;
    /** WS_CALLBACK_URL of the relay API's stage; absent → derived from the event. */
    callbackUrl: string | undefined;
    /** Tests point the client at a local fake of the management API. */
    createClient?: (endpoint: string) => ApiGatewayManagementApiClient;
  },
) {
  const clientFor = managementClients(deps.createClient);
  // A session per message, one memory of bound connections per instance: the next prompt of a call this
  // instance has seen starts its turn beside the relay-call read (relay-bindings.ts).
  const sessionDeps = { ...deps, bindings: deps.bindings ?? relayBindings() };
  const sessionOf = (event: RelaySocketEvent) => {
    const { connectionId } = event.requestContext;
    return createRelaySession(sessionDeps, {
      connectionId,
      send: createPostToConnectionSender<RelayOutgoing>(
        clientFor(callbackEndpoint(event, deps.callbackUrl)),
        connectionId,
      ),
    });
  };

  return async function handler(event: RelaySocketEvent): Promise<APIGatewayProxyResultV2> {
    const { routeKey, connectionId, domainName, stage } = event.requestContext;
    if (routeKey === '$connect') {
      try {
        const caller = await verifyRelayHandshake({
          signedUrl: relaySignedUrl({
            configuredRelayUrl: deps.relayUrl,
            publicApiUrl: undefined,
            host: domainName,
            path: `/${stage}`,
            search: searchOf(event),
          }),
          signature: headerOf(event, 'x-twilio-signature'),
          token: event.queryStringParameters?.token ?? undefined,
          authToken: deps.authToken,
          verifyToken: deps.verifyToken,
        });
        await deps.relayCalls.connect(connectionId, caller);
        return { statusCode: 200 };
      } catch (error) {
        if (error instanceof RelayHandshakeRefused) {
          deps.logger.warn('voice_relay.handshake_refused', { connectionId, reason: error.message });
          return {
            statusCode: 403,
            body: JSON.stringify({ error: 'forbidden', message: error.message }),
          };
        }
        deps.logger.error('voice_relay.connect_failed', { connectionId, error: String(error) });
        deps.metrics.count('RelayErrors');
        return {
          statusCode: 500,
          body: JSON.stringify({ error: 'internal_error', message: 'Could not open the call' }),
        };
      }
    }
    const session = sessionOf(event);
    if (routeKey === '$disconnect') await session.closed();
    else await session.handleMessage(event.body ?? '');
    return { statusCode: 200 };
  };
}
