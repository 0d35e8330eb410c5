import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, type IAccessLogSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/**
 * One JSON line per request (HTTP) or socket event (WebSocket) in the API's own log group. The request id is
 * the one the Lambda sees as `requestContext.requestId`, which the app writes on its own log lines
 * (`request_id`), so an access-log line leads to the app's lines for the same request.
 */
export function apiAccessLogs(
  scope: Construct,
  kind: 'http' | 'websocket',
): { logGroup: LogGroup; settings: IAccessLogSettings } {
  const logGroup = new LogGroup(scope, 'AccessLogs', {
    retention: RetentionDays.THREE_MONTHS,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const common = {
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    requestTime: '$context.requestTime',
    routeKey: '$context.routeKey',
    status: '$context.status',
    integrationError: '$context.integrationErrorMessage',
  };
  const fields =
    kind === 'http'
      ? {
          ...common,
          method: '$context.httpMethod',
          path: '$context.path',
          protocol: '$context.protocol',
          responseLength: '$context.responseLength',
          responseLatency: '$context.responseLatency',
          integrationLatency: '$context.integrationLatency',
          userAgent: '$context.identity.userAgent',
        }
      : {
          ...common,
          connectionId: '$context.connectionId',
          eventType: '$context.eventType',
          integrationLatency: '$context.integrationLatency',
        };
  return {
    logGroup,
    settings: {
      destination: new LogGroupLogDestination(logGroup),
      format: AccessLogFormat.custom(JSON.stringify(fields)),
    },
  };
}
