import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import type { TokenVerifier } from '../../../platform/auth/token-verifier';
import { HttpError } from '../../../platform/errors/http-error';
import { createVoiceStreamSession, type VoiceStreamSender, type VoiceStreamSessionDeps } from './session';

export type SocketEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined> | null;
};

type Connections = {
  save(connectionId: string, userId: string): Promise<void>;
  remove(connectionId: string): Promise<void>;
};

/** The management API endpoint: the stage's callback URL from the stack, else the event's own host. */
export const callbackEndpoint = (event: SocketEvent, configured: string | undefined) =>
  configured ?? `https://${event.requestContext.domainName}/${event.requestContext.stage}`;

/** A sender that answers one connection through PostToConnection (one client per endpoint, reused). */
export function createPostToConnectionSender<Message = Parameters<VoiceStreamSender>[0]>(
  client: ApiGatewayManagementApiClient,
  connectionId: string,
): (message: Message) => Promise<void> {
  return async (message) => {
    try {
      await client.send(
        new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(message) }),
      );
    } catch (error) {
      if (error instanceof GoneException)
        throw new Error(`connection ${connectionId} is gone`, { cause: error });
      throw error;
    }
  };
}

/** Management API clients, one per endpoint, reused across warm invocations. */
export function managementClients(create?: (endpoint: string) => ApiGatewayManagementApiClient) {
  const clients = new Map<string, ApiGatewayManagementApiClient>();
  return (endpoint: string) => {
    let client = clients.get(endpoint);
    if (!client) {
      client = create?.(endpoint) ?? new ApiGatewayManagementApiClient({ endpoint });
      clients.set(endpoint, client);
    }
    return client;
  };
}

/**
 * The API Gateway transport of the streaming socket (spec §7): `$connect` verifies `?token=` (401 with
 * the spec's text refuses the handshake) and records the connection with a TTL, `$disconnect` forgets it,
 * `$default` runs the same session as the local `ws` server, answering through PostToConnection. Lambda
 * handles one message per invocation, so each message gets a fresh session; the per-connection rate limit
 * lives in DynamoDB and so still holds.
 */
export function createSocketHandler(
  deps: VoiceStreamSessionDeps & {
    verifyToken: TokenVerifier;
    connections: Connections;
    /** WS_CALLBACK_URL from the stack; absent → derived from the event. */
    callbackUrl: string | undefined;
    /** Tests point the client at a local fake of the management API. */
    createClient?: (endpoint: string) => ApiGatewayManagementApiClient;
  },
) {
  const clientFor = managementClients(deps.createClient);

  return async function handler(event: SocketEvent): Promise<APIGatewayProxyResultV2> {
    const { routeKey, connectionId } = event.requestContext;
    if (routeKey === '$connect') {
      try {
        const user = await deps.verifyToken(event.queryStringParameters?.token ?? '');
        await deps.connections.save(connectionId, user.sub);
        return { statusCode: 200 };
      } catch (error) {
        if (!(error instanceof HttpError)) {
          deps.logger.error('Socket connect failed', { connectionId, error: String(error) });
        }
        const status = error instanceof HttpError ? error.status : 500;
        return {
          statusCode: status,
          body: JSON.stringify({ error: 'unauthorized', message: (error as Error).message }),
        };
      }
    }
    if (routeKey === '$disconnect') {
      await deps.connections.remove(connectionId);
      return { statusCode: 200 };
    }
    const client = clientFor(callbackEndpoint(event, deps.callbackUrl));
    const session = createVoiceStreamSession(deps, {
      connectionId,
      send: createPostToConnectionSender(client, connectionId),
    });
    await session.handleMessage(event.body ?? '');
    return { statusCode: 200 };
  };
}
