import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { OAUTH_ENABLED } from '@shared/identity';
import { TELEPHONY_HTTP_ROUTES } from '../../backend/src/telephony-routes';
import { VOICE_RELAY } from '@shared/voice-relay';
import { Auth } from './auth';
import { BackendFunction } from './backend-function';
import { Data } from './data';
import { ProductHttpApi } from './http-api';
import { DEFAULT_WEB_ASSETS_DIR } from './repo-paths';
import { VendorSecrets } from './secrets';
import { isWebBuildPresent, SiteDeployment } from './site-deployment';
import { WebSite } from './web';
import { StreamingSocketApi } from './websocket-api';

export interface ReceptionistStackProps extends StackProps {
  /** Deployment stage (e.g. prod, staging); names the user pool, the secret and the APIs. */
  readonly stage: string;
  /** The SPA build to deploy; defaults to frontend/dist. Skipped, with a warning, when not built. */
  readonly webBuildDir?: string;
  /** Verified SES sender for e-mails the API sends (referral invitations); `-c sesFromAddress=…`. */
  readonly sesFromAddress?: string;
}

export const FRONTEND_NOT_BUILT_WARNING = 'receptionist:frontend-not-built';

/** Everything the product needs in one AWS account and region (docs/decisions/002-infrastructure.md). */
export class ReceptionistStack extends Stack {
  constructor(scope: Construct, id: string, props: ReceptionistStackProps) {
    super(scope, id, props);
    const { stage } = props;

    const auth = new Auth(this, 'Auth', { stage });
    const data = new Data(this, 'Data');
    const secrets = new VendorSecrets(this, 'Secrets', { stage });
    const web = new WebSite(this, 'Web');

    // What every Lambda reads through backend/src/config/env.ts. AWS_REGION is set by Lambda itself.
    const environment: Record<string, string> = {
      APP_ENV: 'aws',
      TABLE_NAME: data.table.tableName,
      COGNITO_USER_POOL_ID: auth.userPool.userPoolId,
      COGNITO_CLIENT_ID: auth.webClient.userPoolClientId,
      COGNITO_REGION: this.region,
      ALLOWED_ORIGINS: web.url,
      // Only where the keys are; the values stay in Secrets Manager.
      SECRETS_ARN: secrets.secret.secretArn,
    };

    // Every function may end a conversation (an API test chat, a Twilio status callback, a relay turn), and
    // its summary e-mail starts right there (decision 130); without a sender, invitations answer 'Failed to
    // send invitation email' and summaries are left to the notifications function's sweep, which fails too.
    if (props.sesFromAddress) environment.SES_FROM_ADDRESS = props.sesFromAddress;

    const apiFunction = new BackendFunction(this, 'ApiFunction', {
      lambda: 'api',
      description: 'AI receptionist HTTP API (Hono app)',
      memorySize: 512,
      // API Gateway gives up after 30 s; the function stops just before, so its logs show the timeout.
      timeout: Duration.seconds(29),
      environment,
    }).function;

    // Account deletion (issue 10 §7) signs the owner out everywhere and deletes the user, on this pool only.
    auth.userPool.grant(apiFunction, 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser');

    // Phone numbers and Twilio's webhooks: the only function that loads the Twilio SDK at start-up.
    const telephonyFunction = new BackendFunction(this, 'TelephonyFunction', {
      lambda: 'telephony',
      description: 'AI receptionist telephony: phone numbers and Twilio webhooks (Hono app)',
      memorySize: 512,
      timeout: Duration.seconds(29),
      environment,
    }).function;

    const socketFunction = new BackendFunction(this, 'SocketFunction', {
      lambda: 'websocket',
      description: 'AI receptionist sockets: voice preview stream and voice relay (ConversationRelay)',
      memorySize: 512,
      // Replies go out through PostToConnection, so streaming a long reply may outlive the 29 s
      // integration timeout of the route that started it.
      timeout: Duration.seconds(60),
      environment,
    }).function;

    // Issue 13 §2: the sweep (summaries the background did not send, quiet SMS threads) and the digest.
    const notificationsFunction = new BackendFunction(this, 'NotificationsFunction', {
      lambda: 'notifications',
      description: 'AI receptionist notifications: summary sweep and daily digest (scheduled)',
      memorySize: 512,
      timeout: Duration.minutes(5),
      environment,
    }).function;
    new Rule(this, 'NotificationSweepSchedule', {
      description: 'Sends conversation summaries not yet sent and closes quiet SMS threads',
      schedule: Schedule.rate(Duration.minutes(2)),
      targets: [
        new LambdaTarget(notificationsFunction, {
          event: RuleTargetInput.fromObject({ jobs: ['sweep'] }),
          retryAttempts: 0,
        }),
      ],
    });
    new Rule(this, 'NotificationDigestSchedule', {
      description: 'Daily digests, each business at 7:00 in its own time zone (the job picks the zones)',
      schedule: Schedule.cron({ minute: '0' }),
      targets: [
        new LambdaTarget(notificationsFunction, {
          event: RuleTargetInput.fromObject({ jobs: ['digest'] }),
          retryAttempts: 2,
        }),
      ],
    });

    const allFunctions = [apiFunction, telephonyFunction, socketFunction, notificationsFunction];
    for (const fn of allFunctions) {
      data.table.grantReadWriteData(fn);
      secrets.secret.grantRead(fn);
      // Granted whatever the sender, so configuring one later changes only the variable above.
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [`arn:${this.partition}:ses:${this.region}:${this.account}:identity/*`],
        }),
      );
    }

    const httpApi = new ProductHttpApi(this, 'HttpApi', {
      stage,
      handler: apiFunction,
      allowedOrigin: web.url,
      routedElsewhere: { handler: telephonyFunction, routes: TELEPHONY_HTTP_ROUTES },
    });
    const socketApi = new StreamingSocketApi(this, 'SocketApi', { stage, handler: socketFunction });
    // Calls' ConversationRelay sockets run on the same WebSocket API: the API function puts this URL in the
    // TwiML, the socket function checks Twilio's handshake signature over it (docs/decisions/030).
    const relayUrl = `${socketApi.url}?${VOICE_RELAY.channelQuery.name}=${VOICE_RELAY.channelQuery.value}`;
    for (const fn of allFunctions) {
      fn.addEnvironment('VOICE_RELAY_URL', relayUrl);
      // Links the API serves from outside a request: unsubscribe pages in e-mails, deposit pages in texts.
      fn.addEnvironment('PUBLIC_API_URL', httpApi.url);
    }

    const webBuildDir = props.webBuildDir ?? DEFAULT_WEB_ASSETS_DIR;
    if (isWebBuildPresent(webBuildDir)) {
      new SiteDeployment(this, 'SiteDeployment', {
        site: web,
        buildDir: webBuildDir,
        runtimeConfig: {
          apiUrl: httpApi.url,
          cognito: {
            userPoolId: auth.userPool.userPoolId,
            userPoolClientId: auth.webClient.userPoolClientId,
            authFlowType: 'USER_SRP_AUTH',
          },
          oauthEnabled: OAUTH_ENABLED,
          voiceStreamUrl: socketApi.url,
          voiceRelayUrl: relayUrl,
        },
      });
    } else {
      Annotations.of(this).addWarningV2(
        FRONTEND_NOT_BUILT_WARNING,
        `No web build at ${webBuildDir} (index.html missing): the site and its config.json are NOT deployed. ` +
          'Run `npm run build` before `cdk deploy`.',
      );
    }

    const outputs: Record<string, [string, string]> = {
      WebUrl: [web.url, 'The web app (CloudFront)'],
      ApiUrl: [httpApi.url, 'HTTP API base URL'],
      WebSocketUrl: [socketApi.url, 'Voice streaming socket URL'],
      UserPoolId: [auth.userPool.userPoolId, 'Cognito user pool id'],
      UserPoolClientId: [auth.webClient.userPoolClientId, 'Cognito web client id'],
      TableName: [data.table.tableName, 'DynamoDB table'],
      VendorSecretArn: [secrets.secret.secretArn, 'Fill with vendor keys: see docs/deploy.md'],
    };
    for (const [name, [value, description]] of Object.entries(outputs)) {
      new CfnOutput(this, name, { value, description });
    }
  }
}
