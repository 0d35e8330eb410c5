import { RemovalPolicy } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { apiAccessLogs } from './access-logs';
import { CAPACITY } from './capacity-model';

export interface StreamingSocketApiProps {
  /** The stage name (infra/stages.ts): also the socket's stage, so its URL says which copy it is. */
  readonly stage: string;
  readonly namePrefix: string;
  readonly handler: LambdaFunction;
}

/**
 * The socket stage's limits, from the capacity model (docs/capacity.md): every call's relay messages,
 * connects and disconnects, and the dashboards' voice previews at the busiest minute, with headroom.
 */
export const WEBSOCKET_THROTTLE = CAPACITY.throttles.websocket;

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
  /** The role API Gateway writes WebSocket (and REST) logs with: an account-and-region setting. */
  readonly cloudWatchRole: Role;

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

    // WebSocket stages write access logs with the account's API Gateway CloudWatch role (unlike HTTP APIs):
    // without AWS::ApiGateway::Account the stage fails to deploy ("CloudWatch Logs role ARN must be set").
    // It is one setting per account and region, so the role is retained: tearing down this stage must not
    // leave another stage of the same account pointing at a deleted role. The last stage deployed sets it.
    this.cloudWatchRole = new Role(this, 'ApiGatewayLogsRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: 'API Gateway account setting: writes WebSocket API access logs to CloudWatch Logs',
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
    });
    this.cloudWatchRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    const account = new CfnAccount(this, 'ApiGatewayAccount', {
      cloudWatchRoleArn: this.cloudWatchRole.roleArn,
    });

    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.stage,
      autoDeploy: true,
      throttle: WEBSOCKET_THROTTLE,
      accessLogSettings: apiAccessLogs(this, 'websocket').settings,
    });

    this.stage.node.addDependency(account);

    this.url = this.stage.url;
    this.callbackUrl = this.stage.callbackUrl;

    // execute-api:ManageConnections on this stage's @connections only.
    this.stage.grantManagementApiAccess(props.handler);
    props.handler.addEnvironment('WS_CALLBACK_URL', this.callbackUrl);
  }
}
