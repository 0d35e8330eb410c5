import { Annotations, CfnOutput, Duration, Stack, type CfnElement, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { OAUTH_ENABLED } from '@shared/identity';
import { TELEPHONY_HTTP_ROUTES } from '../../backend/src/entry/telephony-routes';
import { SIGNED_WEBHOOK_PATHS } from '../../backend/src/platform/http/webhook-paths';
import { VOICE_RELAY } from '@shared/voice-relay';
import { NOTIFICATION_FAN_OUT } from '@shared/notifications-fan-out';
import { stagePrefix, type Stage } from '../stages';
import { ApiEdge } from './api-edge';
import { Auth } from './auth';
import { BackendFunction } from './backend-function';
import { Data } from './data';
import { ProductHttpApi } from './http-api';
import { Edge } from './edge';
import type { LambdaName } from './lambda-bundling';
// Each size from measured init and request times, the cost written down (docs/capacity.md, "Memory sizes").
import { chosenMemoryMb } from './memory-sizing';
import { applyNagSuppressions } from './nag-suppressions';
import { NotificationQueue } from './notification-queue';
import { WebhookQueue } from './webhook-queue';
import { Observability } from './observability';
import { sesIdentityName } from './ses-sender';
import { DEFAULT_WEB_ASSETS_DIR } from './repo-paths';
import { VendorSecrets } from './secrets';
import { grantTableAccess } from './table-access';
import { isWebBuildPresent, SiteDeployment } from './site-deployment';
import { WebSite } from './web';
import { StreamingSocketApi } from './websocket-api';

export interface ReceptionistStackProps extends Omit<StackProps, 'env' | 'stackName'> {
  /** The deployment stage (infra/stages.ts): names every resource, and gives the account and region. */
  readonly stage: Stage;
  /** The SPA build to deploy; defaults to frontend/dist. Skipped, with a warning, when not built. */
  readonly webBuildDir?: string;
}

export const FRONTEND_NOT_BUILT_WARNING = 'receptionist:frontend-not-built';

/** The stack of a stage: its construct id and its CloudFormation name are both `receptionist-<stage>`. */
export const stackIdOf = (stage: { name: string }) => stagePrefix(stage);

/** Everything the product needs in one AWS account and region (docs/decisions/002-infrastructure.md). */
export class ReceptionistStack extends Stack {
  readonly observability: Observability;

  constructor(scope: Construct, props: ReceptionistStackProps) {
    const { stage } = props;
    super(scope, stackIdOf(stage), {
      ...props,
      stackName: stackIdOf(stage),
      env: { account: stage.account, region: stage.region },
      terminationProtection: stage.production,
      description: `AI receptionist (${stage.name}): Cognito, DynamoDB, Lambda, HTTP + WebSocket APIs, S3 + CloudFront`,
    });
    const namePrefix = stagePrefix(stage);

    const auth = new Auth(this, 'Auth', {
      namePrefix,
      ...(stage.sesFromAddress
        ? { sesFromAddress: stage.sesFromAddress, sesIdentity: stage.sesIdentity }
        : {}),
    });
    const data = new Data(this, 'Data', { namePrefix, restoredTableName: stage.restoredTableName });
    const secrets = new VendorSecrets(this, 'Secrets', { stage: stage.name });
    const edge = new Edge(this, 'Edge', { stage, namePrefix });
    const web = new WebSite(this, 'Web', {
      logsBucket: edge.logsBucket,
      webAclArn: edge.webAclArn,
      ...(edge.domain
        ? {
            customDomain: { siteDomain: edge.domain.siteDomain, certificate: edge.domain.certificate },
            apiDomain: edge.domain.apiDomain,
          }
        : {}),
    });
    if (edge.domain) edge.pointAt('Site', edge.domain.siteDomain, web.distribution);

    // What every Lambda reads through backend/src/platform/config/env.ts. AWS_REGION is set by Lambda itself.
    const environment: Record<string, string> = {
      APP_ENV: 'aws',
      // Names the EMF metrics' `stage` dimension, which the alarms read.
      STAGE: stage.name,
      TABLE_NAME: data.table.tableName,
      COGNITO_USER_POOL_ID: auth.userPool.userPoolId,
      COGNITO_CLIENT_ID: auth.webClient.userPoolClientId,
      COGNITO_REGION: this.region,
      ALLOWED_ORIGINS: web.url,
      // Only where the keys are; the values stay in Secrets Manager.
      SECRETS_ARN: secrets.secret.secretArn,
    };

    // Every function may end a conversation (a test chat, a Twilio status callback, a relay turn) and its
    // summary e-mail starts right there (docs/decisions/130-notifications.md); without a sender, invitations
    // answer 'Failed to send invitation email' and no notification e-mail goes out.
    if (stage.sesFromAddress) environment.SES_FROM_ADDRESS = stage.sesFromAddress;

    const apiFunction = new BackendFunction(this, 'ApiFunction', {
      lambda: 'api',
      description: 'AI receptionist HTTP API (Hono app)',
      memorySize: chosenMemoryMb('api'),
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
      memorySize: chosenMemoryMb('telephony'),
      timeout: Duration.seconds(29),
      environment,
    }).function;

    const socketFunction = new BackendFunction(this, 'SocketFunction', {
      lambda: 'websocket',
      description: 'AI receptionist sockets: voice preview stream and voice relay (ConversationRelay)',
      memorySize: chosenMemoryMb('socket'),
      // Replies go out through PostToConnection, so streaming a long reply may outlive the 29 s
      // integration timeout of the route that started it.
      timeout: Duration.seconds(60),
      environment,
    }).function;

    // Issue 13 §2: the sweep (summaries the background did not send, quiet SMS threads) and the digest.
    // The schedule lists owners and queues them in batches; the same function handles the batches
    // (docs/decisions/162-notification-fan-out.md).
    const notificationsFunction = new BackendFunction(this, 'NotificationsFunction', {
      lambda: 'notifications',
      description: 'AI receptionist notifications: summary sweep and daily digest (scheduled)',
      memorySize: chosenMemoryMb('notifications'),
      timeout: Duration.seconds(NOTIFICATION_FAN_OUT.functionTimeoutSeconds),
      environment,
    }).function;
    const notificationQueue = new NotificationQueue(this, 'NotificationQueue', {
      namePrefix,
      worker: notificationsFunction,
    });
    new Rule(this, 'NotificationSweepSchedule', {
      description: 'Sends conversation summaries not yet sent and closes quiet SMS threads',
      schedule: Schedule.rate(Duration.minutes(NOTIFICATION_FAN_OUT.scheduleMinutes.sweep)),
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

    const functionsByBundle = {
      api: apiFunction,
      telephony: telephonyFunction,
      websocket: socketFunction,
      notifications: notificationsFunction,
    } as const;
    const appFunctions = [apiFunction, telephonyFunction, socketFunction, notificationsFunction];
    // Outbound webhooks (docs/decisions/178): every function may emit; the notifications function delivers.
    const webhookQueue = new WebhookQueue(this, 'WebhookQueue', {
      namePrefix,
      worker: notificationsFunction,
      senders: appFunctions,
    });
    // Only the table actions each bundle sends (table-access.ts), never Scan.
    for (const [name, fn] of Object.entries(functionsByBundle))
      grantTableAccess(data.table, name as LambdaName, fn);
    for (const fn of appFunctions) {
      secrets.secret.grantRead(fn);
      // Any of them may send a conversation's summary; an owner with no address saved gets it at their
      // sign-in e-mail, looked up in this pool (notifications/notifier.ts). Read-only, this pool only.
      auth.userPool.grant(fn, 'cognito-idp:ListUsers');
      if (stage.sesFromAddress) {
        // SES authorizes a send against the verified identity, the same one Cognito names (ses-sender.ts).
        const identity = sesIdentityName({ fromAddress: stage.sesFromAddress, identity: stage.sesIdentity });
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [`arn:${this.partition}:ses:${this.region}:${this.account}:identity/${identity}`],
          }),
        );
      }
    }

    const httpApi = new ProductHttpApi(this, 'HttpApi', {
      namePrefix,
      handler: apiFunction,
      allowedOrigin: web.url,
      routedElsewhere: { handler: telephonyFunction, routes: TELEPHONY_HTTP_ROUTES },
      webhookPaths: SIGNED_WEBHOOK_PATHS,
    });
    // The API's public URL: CloudFront with the web ACL (and the custom domain, when there is one).
    const apiEdge = new ApiEdge(this, 'ApiEdge', { api: httpApi.api, edge, stage: stage.name });
    // The HTTP functions refuse requests that did not come through CloudFront (backend/src/platform/http/origin-verify.ts).
    for (const fn of [apiFunction, telephonyFunction]) {
      apiEdge.originVerifySecret.grantRead(fn);
      fn.addEnvironment('ORIGIN_VERIFY_SECRET_ARN', apiEdge.originVerifySecret.secretArn);
    }
    if (edge.domain) edge.pointAt('Api', edge.domain.apiDomain, apiEdge.distribution);
    // Twilio signs the URL it called, so the app must know it (backend/src/platform/config/env.ts PUBLIC_API_URL):
    // the telephony function checks the webhooks, the API function puts URLs in TwiML and OAuth redirects,
    // and every function that sends a notification puts its unsubscribe link in it.
    for (const fn of appFunctions) fn.addEnvironment('PUBLIC_API_URL', apiEdge.url);
    const socketApi = new StreamingSocketApi(this, 'SocketApi', {
      stage: stage.name,
      namePrefix,
      handler: socketFunction,
    });
    // Calls' ConversationRelay sockets run on the same WebSocket API: the API function puts this URL in the
    // TwiML, the socket function checks Twilio's handshake signature over it (docs/decisions/030).
    const relayUrl = `${socketApi.url}?${VOICE_RELAY.channelQuery.name}=${VOICE_RELAY.channelQuery.value}`;
    for (const fn of appFunctions) fn.addEnvironment('VOICE_RELAY_URL', relayUrl);

    const webBuildDir = props.webBuildDir ?? DEFAULT_WEB_ASSETS_DIR;
    if (isWebBuildPresent(webBuildDir)) {
      new SiteDeployment(this, 'SiteDeployment', {
        site: web,
        buildDir: webBuildDir,
        runtimeConfig: {
          apiUrl: apiEdge.url,
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

    this.observability = new Observability(this, 'Observability', {
      namePrefix,
      stage: stage.name,
      functions: {
        api: apiFunction,
        telephony: telephonyFunction,
        socket: socketFunction,
        notifications: notificationsFunction,
      },
      httpApi: httpApi.api,
      table: data.table,
      monthlyBudgetUsd: stage.monthlyBudgetUsd,
    });
    notificationQueue.reportTo(this.observability.topic);
    webhookQueue.reportTo(this.observability.topic);

    const outputs: Record<string, [string, string]> = {
      WebUrl: [web.url, 'The web app (CloudFront)'],
      ApiUrl: [
        apiEdge.url,
        'HTTP API base URL (CloudFront in front of API Gateway): vendor webhooks point here',
      ],
      ApiGatewayUrl: [
        httpApi.url,
        'API Gateway endpoint behind ApiUrl: answers 403 without CloudFront origin-verify header (no WAF)',
      ],
      AlarmTopicArn: [this.observability.topic.topicArn, 'SNS topic of alarms and budget notices'],
      DashboardName: [this.observability.dashboard.dashboardName, 'CloudWatch dashboard'],
      WebSocketUrl: [socketApi.url, 'Voice streaming socket URL'],
      UserPoolId: [auth.userPool.userPoolId, 'Cognito user pool id'],
      UserPoolClientId: [auth.webClient.userPoolClientId, 'Cognito web client id'],
      TableName: [data.table.tableName, 'DynamoDB table'],
      BackupVaultName: [data.backupVault.backupVaultName, "AWS Backup vault of the table's copies"],
      BackupRoleArn: [data.backupRole.roleArn, 'Role for aws backup start-restore-job (docs/deploy.md)'],
      VendorSecretArn: [secrets.secret.secretArn, 'Fill with vendor keys: see docs/deploy.md'],
    };
    for (const [name, [value, description]] of Object.entries(outputs)) {
      new CfnOutput(this, name, { value, description });
    }

    applyNagSuppressions(this, {
      userPool: auth.userPool,
      vendorSecret: secrets.secret,
      originVerifySecret: apiEdge.originVerifySecret,
      backupPlan: data.backupPlan,
      appFunctions,
      tableIndexesResource: data.ownTable
        ? `<${this.getLogicalId(data.ownTable.node.defaultChild as CfnElement)}.Arn>/index/*`
        : `${data.table.tableArn}/index/*`,
      socketFunction,
      httpApi: httpApi.api,
      socketApi: socketApi.api,
      apiGatewayLogsRole: socketApi.cloudWatchRole,
      // Never on production: a production stage has a custom domain, so TLS 1.2 is enforced (web.ts MINIMUM_TLS);
      // one without would fail cdk-nag's CFR4 instead of shipping TLS 1.0.
      defaultCertificateDistributions:
        edge.domain || stage.production ? [] : [web.distribution, apiEdge.distribution],
    });
  }
}
