import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { apiAccessLogs } from './access-logs';

export interface StreamingSocketApiProps {
  /** The stage name (infra/stages.ts): also the socket's stage, so its URL says which copy it is. */
  readonly stage: string;
  readonly namePrefix: string;
  readonly handler: LambdaFunction;
}

export const WEBSOCKET_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/**
 * The voice-streaming socket: `$connect` (token check), `$disconnect` and `$default` (stream_voice and
 * anything else) all go to one Lambda, which answers through the connection management API
 * (PostToConnection). Connections live in the app table with a TTL.
 */
export class StreamingSocketApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** wss:// URL the browser connects to. */
  readonly url: string;
  /** https:// URL the Lambda posts replies to (the management API endpoint). */
  readonly callbackUrl: string;

  constructor(scope: Construct, id: string, props: StreamingSocketApiProps) {
    super(scope, id);

    const integration = new WebSocketLambdaIntegration('SocketIntegration', props.handler);
    this.api = new WebSocketApi(this, 'Api', {
      apiName: `${props.namePrefix}-socket`,
      description: 'AI receptionist voice streaming socket',
      connectRouteOptions: { integration },
      disconnectRouteOptions: { integration },
      defaultRouteOptions: { integration },
    });

    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.stage,
      autoDeploy: true,
      throttle: WEBSOCKET_THROTTLE,
      accessLogSettings: apiAccessLogs(this, 'websocket').settings,
    });

    this.url = this.stage.url;
    this.callbackUrl = this.stage.callbackUrl;

    // execute-api:ManageConnections on this stage's @connections only.
    this.stage.grantManagementApiAccess(props.handler);
    props.handler.addEnvironment('WS_CALLBACK_URL', this.callbackUrl);
  }
}
