import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Aspects } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE } from '../backend/src/platform/observability/metrics';
import { ORIGIN_VERIFY_HEADER } from '../shared/origin-verify';
import { COGNITO_DEFAULT_SENDER_WARNING } from './lib/auth';
import { BACKUP_RETENTION_DAYS } from './lib/data';
import { WAF_EXEMPT_PATHS, WAF_RATE_LIMIT_PER_5_MIN } from './lib/edge-firewall';
import { ALARM_THRESHOLDS, OPERATOR_EMAIL_PARAMETER } from './lib/observability';
import { ReceptionistStack } from './lib/receptionist-stack';
import { REPO_ROOT } from './lib/repo-paths';
import { testApp, testStage } from './test-support';

/**
 * Issue 14 §2–§7: stages, Cognito, data protection, observability, edge and CDK hygiene. Lambdas are not
 * bundled here (same template, far less CPU); receptionist-stack.test.ts synthesizes with real bundles.
 */
type Resource = { Type: string; Properties: Record<string, unknown>; Condition?: string };
type Resources = Record<string, Resource>;

const workDir = mkdtempSync(path.join(os.tmpdir(), 'receptionist-ops-test-'));
const webBuildDir = path.join(workDir, 'dist');
mkdirSync(path.join(webBuildDir, 'assets'), { recursive: true });
writeFileSync(path.join(webBuildDir, 'index.html'), '<!doctype html>');
writeFileSync(path.join(webBuildDir, 'assets', 'index-abc.js'), 'console.log(1)');

const DOMAIN = {
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
  zoneName: 'example.com',
  siteDomain: 'app.example.com',
  apiDomain: 'api.example.com',
};

function withNag(stack: ReceptionistStack) {
  Aspects.of(stack).add(new AwsSolutionsChecks());
  return stack;
}

let plain: { stack: ReceptionistStack; template: Template };
let custom: { stack: ReceptionistStack; template: Template };
let twoStages: Template[];

beforeAll(() => {
  // A staging stage with no options, a production stage with every option, side by side in one App.
  const app = testApp(path.join(workDir, 'pair.out'), { bundle: false });
  const staging = withNag(new ReceptionistStack(app, { stage: testStage('staging'), webBuildDir }));
  const prod = withNag(
    new ReceptionistStack(app, {
      stage: testStage('prod', {
        production: true,
        sesFromAddress: 'hello@example.com',
        domain: DOMAIN,
        monthlyBudgetUsd: 250,
      }),
      webBuildDir,
    }),
  );
  app.synth();
  plain = { stack: staging, template: Template.fromStack(staging) };
  custom = { stack: prod, template: Template.fromStack(prod) };
  twoStages = [plain.template, custom.template];
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const only = (resources: Resources): Resource => {
  const values = Object.values(resources);
  expect(values).toHaveLength(1);
  return values[0]!;
};

/** Properties that hold a physical name (the top-level `Name` of APIs, secrets and web ACLs included). */
const NAME_KEYS = [
  'UserPoolName',
  'ClientName',
  'TopicName',
  'DashboardName',
  'AlarmName',
  'BudgetName',
  'BackupVaultName',
  'BackupPlanName',
  'SelectionName',
  'CertificateName',
];
const NAMED_BY_NAME = ['AWS::ApiGatewayV2::Api', 'AWS::SecretsManager::Secret', 'AWS::WAFv2::WebACL'];

/** A name's literal text: a string, or the literal parts of an Fn::Join (a suffix from the stack id, say). */
function nameText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] } | undefined)?.['Fn::Join'];
  return join ? join[1].map((part) => nameText(part) ?? '').join(join[0]) : undefined;
}

/** Every explicit physical name in a template. */
function physicalNames(template: Template): string[] {
  const names: string[] = [];
  const visit = (value: unknown, key = '') => {
    const name = NAME_KEYS.includes(key) ? nameText(value) : undefined;
    if (name !== undefined) names.push(name);
    else if (value && typeof value === 'object')
      for (const [childKey, child] of Object.entries(value)) visit(child, childKey);
  };
  for (const resource of Object.values(template.toJSON().Resources as Resources)) {
    visit(resource.Properties);
    if (NAMED_BY_NAME.includes(resource.Type)) names.push(String(nameText(resource.Properties.Name)));
  }
  return names;
}

describe('§2 stages', () => {
  it('names the stacks, the socket stage and every named resource after the stage, with no collision', () => {
    expect(plain.stack.stackName).toBe('receptionist-staging');
    expect(custom.stack.stackName).toBe('receptionist-prod');
    const [stagingNames, prodNames] = twoStages.map(physicalNames);
    expect(stagingNames!.length).toBeGreaterThan(15);
    for (const name of stagingNames!) expect(name).toMatch(/staging/);
    for (const name of prodNames!) expect(name).toMatch(/prod/);
    expect(stagingNames!.filter((name) => prodNames!.includes(name))).toEqual([]);
    plain.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'staging' });
    custom.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'prod' });
  });

  it('deploys each stage to its own explicit account and region; production has termination protection', () => {
    expect(plain.stack.account).toBe('123456789012');
    expect(plain.stack.region).toBe('us-east-1');
    expect(custom.stack.terminationProtection).toBe(true);
    expect(plain.stack.terminationProtection).toBe(false);
  });

  it('tells the backend its stage, which names the metrics the alarms read', () => {
    custom.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ APP_ENV: 'aws', STAGE: 'prod' }) },
    });
  });
});

describe('§3 cognito', () => {
  it('sends e-mail through SES when the stage names a sender, with deletion protection and threat protection', () => {
    custom.template.hasResourceProperties('AWS::Cognito::UserPool', {
      DeletionProtection: 'ACTIVE',
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        From: Match.stringLikeRegexp('hello@example.com'),
        SourceArn: Match.anyValue(),
      }),
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
    Annotations.fromStack(custom.stack).hasNoWarning(
      '*',
      Match.stringLikeRegexp(COGNITO_DEFAULT_SENDER_WARNING),
    );
  });

  it("falls back to Cognito's default sender only without a sender, and warns at synth", () => {
    plain.template.hasResourceProperties('AWS::Cognito::UserPool', {
      DeletionProtection: 'ACTIVE',
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
    Annotations.fromStack(plain.stack).hasWarning(
      '*',
      Match.stringLikeRegexp(COGNITO_DEFAULT_SENDER_WARNING),
    );
  });

  it('lets the app functions send e-mail as the configured sender only (invitations, notifications)', () => {
    const statements = Object.values(custom.template.findResources('AWS::IAM::Policy') as Resources).flatMap(
      (policy) =>
        (policy.Properties.PolicyDocument as { Statement: Array<{ Action: unknown; Resource: unknown }> })
          .Statement,
    );
    const ses = statements.filter((statement) => JSON.stringify(statement.Action).includes('ses:'));
    // API, telephony, socket and notifications: any of them may end a conversation and start its summary.
    expect(ses).toHaveLength(4);
    for (const statement of ses) {
      expect(statement.Action).toBe('ses:SendEmail');
      // The sender's verified identity (its address, by default); retry-and-restore.test.ts covers a domain.
      expect(statement.Resource).toBe('arn:aws:ses:us-east-1:123456789012:identity/hello@example.com');
    }
  });
});

describe('§4 data', () => {
  it('protects the table from deletion and keeps point-in-time recovery', () => {
    plain.template.hasResourceProperties('AWS::DynamoDB::Table', {
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('backs the table up daily and monthly into a retained vault', () => {
    // Retained on teardown; named with a per-stack suffix so a rebuild does not collide (retry-and-restore.test.ts).
    plain.template.hasResource('AWS::Backup::BackupVault', {
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BackupVaultName: { 'Fn::Join': ['', ['receptionist-staging-backups-', Match.anyValue()]] },
      },
    });
    const plan = only(plain.template.findResources('AWS::Backup::BackupPlan') as Resources);
    const rules = (plan.Properties.BackupPlan as { BackupPlanRule: Array<Record<string, unknown>> })
      .BackupPlanRule;
    expect(
      rules.map((rule) => [rule.RuleName, (rule.Lifecycle as { DeleteAfterDays: number }).DeleteAfterDays]),
    ).toEqual([
      ['daily', BACKUP_RETENTION_DAYS.daily],
      ['monthly', BACKUP_RETENTION_DAYS.monthly],
    ]);
    const tableId = Object.keys(plain.template.findResources('AWS::DynamoDB::Table'))[0]!;
    plain.template.hasResourceProperties('AWS::Backup::BackupSelection', {
      BackupSelection: Match.objectLike({ Resources: [{ 'Fn::GetAtt': [tableId, 'Arn'] }] }),
    });
  });
});

describe('§5 observability', () => {
  const alarms = () => Object.values(plain.template.findResources('AWS::CloudWatch::Alarm') as Resources);
  const topicId = () => Object.keys(plain.template.findResources('AWS::SNS::Topic'))[0]!;

  it('writes access logs for both APIs, with the request id', () => {
    const stages = Object.values(plain.template.findResources('AWS::ApiGatewayV2::Stage') as Resources);
    expect(stages).toHaveLength(2);
    for (const stage of stages) {
      const settings = stage.Properties.AccessLogSettings as { DestinationArn: unknown; Format: string };
      expect(settings.DestinationArn).toBeDefined();
      expect(JSON.parse(settings.Format)).toMatchObject({
        requestId: '$context.requestId',
        status: '$context.status',
      });
    }
  });

  it("sets API Gateway's account CloudWatch role the WebSocket stage logs with, kept after a teardown", () => {
    for (const template of twoStages) {
      const accounts = template.findResources('AWS::ApiGateway::Account') as Resources;
      const [accountId, account] = Object.entries(accounts)[0]!;
      expect(Object.keys(accounts)).toHaveLength(1);
      const roleId = (account.Properties.CloudWatchRoleArn as { 'Fn::GetAtt': [string, string] })[
        'Fn::GetAtt'
      ][0];
      const role = template.toJSON().Resources[roleId] as Resource & { DeletionPolicy?: string };
      expect(role.DeletionPolicy).toBe('Retain');
      expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain('apigateway.amazonaws.com');
      expect(JSON.stringify(role.Properties.ManagedPolicyArns)).toContain(
        'AmazonAPIGatewayPushToCloudWatchLogs',
      );
      // The WebSocket stage is created only after the setting, or its access logs fail the deploy.
      const socketStage = Object.values(
        template.findResources('AWS::ApiGatewayV2::Stage', { DependsOn: Match.arrayWith([accountId]) }),
      );
      expect(socketStage).toHaveLength(1);
      expect((socketStage[0] as Resource).Properties.AccessLogSettings).toBeDefined();
    }
  });

  it('sends alarms to a topic the operator e-mail parameter subscribes to', () => {
    plain.template.hasParameter(OPERATOR_EMAIL_PARAMETER, { Type: 'String', Default: '' });
    const [, subscription] = Object.entries(
      plain.template.findResources('AWS::SNS::Subscription') as Resources,
    )[0]!;
    expect(subscription.Properties).toMatchObject({
      Protocol: 'email',
      Endpoint: { Ref: OPERATOR_EMAIL_PARAMETER },
      TopicArn: { Ref: topicId() },
    });
    expect(subscription.Condition).toBeDefined();
    for (const alarm of alarms()) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId() }]);
  });

  it('alarms on Lambda errors and throttles, API 5xx and latency, DynamoDB throttles, webhooks and the relay', () => {
    const byName = Object.fromEntries(
      alarms().map((alarm) => [
        String(alarm.Properties.AlarmName).replace('receptionist-staging-', ''),
        alarm.Properties,
      ]),
    );
    expect(Object.keys(byName).sort()).toEqual(
      [
        'api-errors',
        'api-throttles',
        'telephony-errors',
        'telephony-throttles',
        'socket-errors',
        'socket-throttles',
        'notifications-errors',
        'notifications-throttles',
        'notifications-dead-letters',
        'notifications-backlog',
        // Outbound webhooks' queue (docs/decisions/178-outbound-webhooks.md).
        'webhooks-dead-letters',
        'api-5xx',
        'api-latency',
        'dynamodb-throttles',
        'webhook-failures',
        'relay-errors',
        'assistant-unavailable',
        'email-unavailable',
      ].sort(),
    );
    expect(byName['api-errors']).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors' });
    expect(byName['socket-throttles']).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles' });
    expect(byName['api-5xx']).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Threshold: ALARM_THRESHOLDS.api5xx,
    });
    expect(byName['api-latency']).toMatchObject({
      MetricName: 'Latency',
      ExtendedStatistic: 'p95',
      EvaluationPeriods: 3,
    });
    expect(JSON.stringify(byName['dynamodb-throttles']!.Metrics)).toMatch(
      /ReadThrottleEvents.*WriteThrottleEvents/,
    );
    for (const [name, metric] of [
      ['webhook-failures', 'WebhookFailures'],
      ['relay-errors', 'RelayErrors'],
      ['assistant-unavailable', 'AssistantUnavailable'],
      ['email-unavailable', 'EmailUnavailable'],
    ] as const) {
      expect(byName[name]).toMatchObject({
        Namespace: METRICS_NAMESPACE,
        MetricName: metric,
        Dimensions: [{ Name: 'stage', Value: 'staging' }],
      });
    }
  });

  it('has a dashboard and a monthly budget that notifies the topic', () => {
    plain.template.hasResourceProperties('AWS::CloudWatch::Dashboard', {
      DashboardName: 'receptionist-staging',
    });
    const body = JSON.stringify(
      only(plain.template.findResources('AWS::CloudWatch::Dashboard') as Resources).Properties.DashboardBody,
    );
    for (const metric of [
      'CallsAnswered',
      'Bookings',
      'Deposits',
      'WebhookFailures',
      'RelayErrors',
      'AssistantUnavailable',
      'EmailUnavailable',
    ])
      expect(body).toContain(metric);
    custom.template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({
        BudgetLimit: { Amount: 250, Unit: 'USD' },
        TimeUnit: 'MONTHLY',
        BudgetType: 'COST',
      }),
      NotificationsWithSubscribers: Match.arrayWith([
        Match.objectLike({ Subscribers: [{ SubscriptionType: 'SNS', Address: Match.anyValue() }] }),
      ]),
    });
    plain.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'budgets.amazonaws.com' } })]),
      },
    });
  });
});

describe('§6 edge', () => {
  const distributions = (template: Template) =>
    Object.values(template.findResources('AWS::CloudFront::Distribution') as Resources).map(
      (distribution) => distribution.Properties.DistributionConfig as Record<string, unknown>,
    );

  it('puts a rate-based WAF rule in front of the site and the API, sparing signed webhooks', () => {
    const acl = only(plain.template.findResources('AWS::WAFv2::WebACL') as Resources);
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rule = (
      acl.Properties.Rules as Array<{ Statement: { RateBasedStatement: Record<string, unknown> } }>
    )[0]!;
    expect(rule.Statement.RateBasedStatement).toMatchObject({
      Limit: WAF_RATE_LIMIT_PER_5_MIN,
      AggregateKeyType: 'IP',
    });
    // Exact paths only (edge-firewall.test.ts covers the rest of the web ACL).
    for (const exempt of WAF_EXEMPT_PATHS)
      expect(JSON.stringify(rule.Statement.RateBasedStatement.ScopeDownStatement)).toContain(`"${exempt}"`);
    const aclId = Object.keys(plain.template.findResources('AWS::WAFv2::WebACL'))[0]!;
    const configs = distributions(plain.template);
    expect(configs).toHaveLength(2);
    for (const config of configs) expect(config.WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('serves the API through CloudFront to API Gateway, and tells the app that public URL', () => {
    const api = distributions(plain.template).find(
      (config) => config.DefaultCacheBehavior && JSON.stringify(config.Origins).includes('execute-api'),
    )!;
    expect(api.DefaultCacheBehavior).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      ViewerProtocolPolicy: 'https-only',
    });
    custom.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ PUBLIC_API_URL: 'https://api.example.com' }) },
    });
    custom.template.hasOutput('ApiUrl', { Value: 'https://api.example.com' });
  });

  it('closes the WAF bypass: CloudFront sends a per-stage secret header the HTTP functions demand', () => {
    for (const template of twoStages) {
      const secrets = Object.entries(
        template.findResources('AWS::SecretsManager::Secret') as Resources,
      ).filter(([, secret]) => String(secret.Properties.Name).endsWith('/origin-verify'));
      expect(secrets).toHaveLength(1);
      const [secretId, secret] = secrets[0]!;
      expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64 });
      const api = distributions(template).find((config) =>
        JSON.stringify(config.Origins).includes('execute-api'),
      )!;
      const [origin] = api.Origins as Array<{
        OriginCustomHeaders: Array<{ HeaderName: string; HeaderValue: unknown }>;
      }>;
      const header = origin!.OriginCustomHeaders.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER)!;
      // A dynamic reference resolved by CloudFormation at deploy time: the value is never in the template.
      const value = JSON.stringify(header.HeaderValue);
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(value).toContain(secretId);
      // The API and telephony functions (HTTP) read it; the socket and notifications functions never see it.
      const functions = Object.values(template.findResources('AWS::Lambda::Function') as Resources).filter(
        (fn) => JSON.stringify(fn.Properties.Environment ?? {}).includes('APP_ENV'),
      );
      const withToken = functions.filter((fn) =>
        JSON.stringify(fn.Properties.Environment).includes('ORIGIN_VERIFY_SECRET_ARN'),
      );
      expect(functions).toHaveLength(4);
      expect(withToken.map((fn) => fn.Properties.Description).sort()).toEqual([
        'AI receptionist HTTP API (Hono app)',
        'AI receptionist telephony: phone numbers and Twilio webhooks (Hono app)',
      ]);
    }
  });

  it('has no API Gateway custom domain: custom names are served by CloudFront (TLS 1.2 minimum, below)', () => {
    for (const template of twoStages) {
      expect(template.findResources('AWS::ApiGatewayV2::DomainName')).toEqual({});
      expect(template.findResources('AWS::ApiGateway::DomainName')).toEqual({});
    }
  });

  it('logs CloudFront and S3 access into a retained log bucket', () => {
    const logs = Object.entries(
      plain.template.findResources('AWS::S3::Bucket', { DeletionPolicy: 'Retain' }) as Resources,
    );
    expect(logs).toHaveLength(1);
    const [logsId] = logs[0]!;
    for (const config of distributions(plain.template)) {
      expect(config.Logging).toMatchObject({ Bucket: { 'Fn::GetAtt': [logsId, 'RegionalDomainName'] } });
    }
    plain.template.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: { DestinationBucketName: { Ref: logsId }, LogFilePrefix: 'site-bucket/' },
    });
  });

  it('serves the custom domains with a DNS-validated certificate, TLS 1.2 minimum and alias records', () => {
    custom.template.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: DOMAIN.siteDomain,
      SubjectAlternativeNames: [DOMAIN.apiDomain],
      ValidationMethod: 'DNS',
    });
    const configs = distributions(custom.template);
    expect(configs.map((config) => config.Aliases).sort()).toEqual([[DOMAIN.apiDomain], [DOMAIN.siteDomain]]);
    for (const config of configs) {
      expect(config.ViewerCertificate).toMatchObject({
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      });
    }
    for (const type of ['A', 'AAAA']) {
      const names = Object.values(
        custom.template.findResources('AWS::Route53::RecordSet', { Properties: { Type: type } }) as Resources,
      )
        .map((record) => record.Properties.Name)
        .sort();
      expect(names).toEqual([`${DOMAIN.apiDomain}.`, `${DOMAIN.siteDomain}.`]);
    }
    custom.template.hasOutput('WebUrl', { Value: 'https://app.example.com' });
  });
});

describe('§7 CDK hygiene', () => {
  it("sets every flag of aws-cdk-lib's recommended list in cdk.json", () => {
    const recommended = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'node_modules/aws-cdk-lib/recommended-feature-flags.json'), 'utf8'),
    ) as Record<string, unknown>;
    const { context } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
      context: Record<string, unknown>;
    };
    expect(Object.keys(recommended).length).toBeGreaterThan(50);
    for (const [flag, value] of Object.entries(recommended))
      expect([flag, context[flag]]).toEqual([flag, value]);
  });

  it('passes cdk-nag AwsSolutions with no unsuppressed error, in both shapes of stage', () => {
    for (const { stack } of [plain, custom]) {
      const errors = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-'));
      expect(errors.map((error) => `${error.id}: ${String(error.entry.data).split(':')[0]}`)).toEqual([]);
    }
  });

  it('gives every suppression a specific reason', () => {
    const suppressions = Object.values(
      custom.template.toJSON().Resources as Record<string, { Metadata?: Record<string, unknown> }>,
    ).flatMap(
      (resource) =>
        ((resource.Metadata?.cdk_nag as { rules_to_suppress?: unknown[] })?.rules_to_suppress ??
          []) as Array<{ id: string; reason: string }>,
    );
    expect(suppressions.length).toBeGreaterThan(5);
    for (const suppression of suppressions) expect(suppression.reason.length).toBeGreaterThan(60);
  });
});
