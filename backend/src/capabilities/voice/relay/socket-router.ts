import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { VOICE_RELAY } from '@shared/voice-relay';
import { runWithLogContext } from '../../../platform/logging/log-context';
import type { RelaySocketEvent } from './api-gateway-relay';

type SocketHandler = (event: RelaySocketEvent) => Promise<APIGatewayProxyResultV2>;

/** A handshake opens a relay socket when it says so (`?channel=relay`) or carries Twilio's signature. */
export function opensRelay(event: RelaySocketEvent): boolean {
  const { name, value } = VOICE_RELAY.channelQuery;
  if (event.queryStringParameters?.[name] === value) return true;
  return Object.keys(event.headers ?? {}).some((key) => key.toLowerCase() === 'x-twilio-signature');
}

/**
 * One WebSocket API carries two protocols (DESIGN §5: the relay runs on the existing API): the voice-preview
 * stream and the ConversationRelay. `$connect` picks by the handshake; later events of a connection go
 * where its connect went, known from the relay-call item (RELAYCALL#<connectionId>) that only relay
 * sockets have, so any Lambda instance routes them alike.
 */
export function routeSocketEvents(handlers: {
  stream: SocketHandler;
  relay: SocketHandler;
  isRelayConnection(connectionId: string): Promise<boolean>;
}): SocketHandler {
  return async (event) => {
    const { routeKey, connectionId } = event.requestContext;
    // Each socket event's log lines carry API Gateway's request id (as in its access log) and the connection.
    const requestId = (event.requestContext as { requestId?: string }).requestId ?? connectionId;
    return runWithLogContext({ request_id: requestId, connection_id: connectionId }, async () => {
      const relay =
        routeKey === '$connect' ? opensRelay(event) : await handlers.isRelayConnection(connectionId);
      return relay ? handlers.relay(event) : handlers.stream(event);
    });
  };
}
