import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { loadConfig } from './config/env';
import { withVendorSecrets } from './config/vendor-secrets';
import { createTokenVerifier } from './auth/token-verifier';
import { createDynamoClients } from './data/dynamo-client';
import { createSocketConnectionRepository } from './data/socket-connections';
import { HttpError } from './errors/http-error';
import { createLogger } from './logging/logger';

/**
 * The WebSocket API's Lambda ($connect, $disconnect, $default). The token arrives as a query parameter
 * (browsers cannot set headers on a WebSocket) and is verified when the connection opens. The voice
 * streaming protocol itself (spec §7 "Streaming socket") is added by the voice work on top of this.
 */
const config = loadConfig(await withVendorSecrets(process.env));
const verifyToken = createTokenVerifier(config.cognito);
const { doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
const connections = createSocketConnectionRepository(doc, config.tableName);
const logger = createLogger();

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
};

export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResultV2> {
  const { routeKey, connectionId } = event.requestContext;
  if (routeKey === '$connect') {
    try {
      const user = await verifyToken(event.queryStringParameters?.token ?? '');
      await connections.save(connectionId, user.sub);
      return { statusCode: 200 };
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500;
      return {
        statusCode: status,
        body: JSON.stringify({ error: 'unauthorized', message: (error as Error).message }),
      };
    }
  }
  if (routeKey === '$disconnect') {
    await connections.remove(connectionId);
    return { statusCode: 200 };
  }
  logger.info('websocket message before streaming is available', { connectionId });
  return {
    statusCode: 200,
    body: JSON.stringify({ type: 'error', message: 'Voice streaming is not available yet' }),
  };
}
