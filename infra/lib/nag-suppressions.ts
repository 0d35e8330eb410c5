import { Stack } from 'aws-cdk-lib';
import { NagSuppressions, type NagPackSuppression } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * Every cdk-nag (AwsSolutions) finding this stack accepts, each on the one construct it concerns, with the
 * reason it is right for this product. No pack-wide or stack-wide suppression: a new resource with the same
 * finding fails the infra tests until someone decides about it.
 */
export interface NagSubjects {
  readonly userPool: IConstruct;
  readonly vendorSecret: IConstruct;
  readonly originVerifySecret: IConstruct;
  readonly backupPlan: IConstruct;
  readonly appFunctions: IConstruct[];
  /** The table's index ARNs as cdk-nag prints them (the stack's own table, or a restored one by name). */
  readonly tableIndexesResource: string;
  readonly socketFunction: IConstruct;
  readonly httpApi: IConstruct;
  readonly socketApi: IConstruct;
  /** API Gateway's account-level CloudWatch Logs role (infra/lib/websocket-api.ts). */
  readonly apiGatewayLogsRole: IConstruct;
  /** Distributions served on CloudFront's own *.cloudfront.net certificate (no custom domain). */
  readonly defaultCertificateDistributions: IConstruct[];
}

const LAMBDA_LOGS_POLICY =
  'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole';

const suppress = (construct: IConstruct, suppressions: NagPackSuppression[], applyToChildren = true) =>
  NagSuppressions.addResourceSuppressions(construct, suppressions, applyToChildren);

export function applyNagSuppressions(stack: Stack, subjects: NagSubjects): void {
  suppress(subjects.userPool, [
    {
      id: 'AwsSolutions-COG1',
      reason:
        'The product requires length only (shared/signup-rules.ts, 8+ characters), as NIST SP 800-63B advises; ' +
        'threat protection (Plus plan, enforced) blocks known-compromised passwords instead of composition rules.',
    },
  ]);
  suppress(subjects.vendorSecret, [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'Holds third-party vendor API keys (Stripe, Twilio, OpenAI, Google, Microsoft) that only the vendors can issue; ' +
        'they are rotated in the vendor consoles and written here by the operator (docs/deploy.md).',
    },
  ]);
  suppress(subjects.originVerifySecret, [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'A value shared by the API CloudFront origin (a header) and the HTTP functions: a rotation Lambda cannot ' +
        'update the distribution, so the operator rotates it (docs/deploy.md "Rotating the origin-verify ' +
        'secret"; the functions accept the current and previous versions). It only proves a request came ' +
        "through CloudFront and its web ACL; every route's own authorization still applies.",
    },
  ]);
  suppress(subjects.backupPlan, [
    {
      id: 'AwsSolutions-IAM4',
      reason:
        "AWS Backup's service role policies (AWSBackupServiceRolePolicyForBackup, ...ForRestores) are the " +
        'documented ones for backup and restore jobs; AWS keeps them in step with the services Backup ' +
        'supports. The selection is the app table only.',
      appliesTo: [
        'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup',
        'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForRestores',
      ],
    },
  ]);
  for (const fn of subjects.appFunctions) {
    suppress(fn, [
      {
        id: 'AwsSolutions-IAM4',
        reason:
          'AWSLambdaBasicExecutionRole grants only CloudWatch Logs writes; the function logs to its own log group.',
        appliesTo: [LAMBDA_LOGS_POLICY],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "The function's table actions (infra/lib/table-access.ts, no Scan) cover the table and its indexes " +
          '(index/*): the app queries GSI1 by key; the table itself is named exactly.',
        appliesTo: [`Resource::${subjects.tableIndexesResource}`],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which IAM cannot scope to a ' +
          'resource; they only write trace data. No other statement of these roles has Resource "*" ' +
          '(infra/edge-and-roles.test.ts).',
        appliesTo: ['Resource::*'],
      },
    ]);
  }
  suppress(subjects.socketFunction, [
    {
      id: 'AwsSolutions-IAM5',
      reason:
        'PostToConnection needs the connection id, known only at run time; the grant is limited to this ' +
        "socket API's own stage (@connections/*).",
      appliesTo: [{ regex: '/^Resource::arn:aws:execute-api:.*\\/@connections\\/\\*$/' }],
    },
  ]);
  suppress(subjects.apiGatewayLogsRole, [
    {
      id: 'AwsSolutions-IAM4',
      reason:
        "AmazonAPIGatewayPushToCloudWatchLogs is the role policy AWS documents for API Gateway's account " +
        'logging setting; API Gateway alone assumes the role, to write the API access logs.',
      appliesTo: [
        'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs',
      ],
    },
  ]);
  const inAppAuthorization =
    'Authorization is in the app, per route: owner routes verify the Cognito JWT and match the path user id ' +
    'to its subject, webhooks verify the Stripe/Twilio signature, /health and public pages are public by ' +
    'design; the socket $connect checks the token or the Twilio handshake signature (docs/decisions/030).';
  suppress(subjects.httpApi, [{ id: 'AwsSolutions-APIG4', reason: inAppAuthorization }]);
  suppress(subjects.socketApi, [{ id: 'AwsSolutions-APIG4', reason: inAppAuthorization }]);
  for (const distribution of subjects.defaultCertificateDistributions) {
    suppress(distribution, [
      {
        id: 'AwsSolutions-CFR4',
        reason:
          "No custom domain configured for this stage: CloudFront's default *.cloudfront.net certificate has a " +
          'fixed TLS policy. Configuring stages.<stage>.domain sets TLSv1.2_2021 as the minimum.',
      },
    ]);
  }

  // CDK's site-upload construct (BucketDeployment) runs a Lambda CDK owns: its runtime, managed logs policy
  // and the S3 and CloudFront permissions it needs to copy the build and invalidate the cache.
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
    suppress(child, [
      {
        id: 'AwsSolutions-L1',
        reason: "CDK's BucketDeployment handler: its runtime is chosen by aws-cdk-lib, upgraded with it.",
      },
      {
        id: 'AwsSolutions-IAM4',
        reason:
          "CDK's BucketDeployment handler logs with the basic execution role; it runs only during deploys.",
        appliesTo: [LAMBDA_LOGS_POLICY],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "CDK's BucketDeployment grants: read the CDK asset bucket's objects, write/delete objects in the site " +
          'bucket (prune), and CloudFront invalidation, which IAM cannot scope to one distribution.',
        appliesTo: [
          { regex: '/^Action::s3:(Abort|DeleteObject|GetBucket|GetObject|List)\\*$/' },
          { regex: '/^Resource::arn:aws:s3:::cdk-[a-z0-9]+-assets-\\d{12}-[a-z0-9-]+\\/\\*$/' },
          { regex: '/^Resource::<WebBucket[A-Z0-9]+\\.Arn>\\/\\*$/' },
          'Resource::*',
        ],
      },
    ]);
  }
}
