import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_ATTRIBUTES } from '@shared/identity';
import { APP_TABLE } from '../backend/src/platform/dynamo/table-definition';
import { TELEPHONY_HTTP_ROUTES } from '../backend/src/entry/telephony-routes';
import { SIGNED_WEBHOOK_PATHS } from '../backend/src/platform/http/webhook-paths';
import { LAMBDA_CHUNK_DIR, LAMBDA_ENTRY_FILE } from './lib/lambda-bundling';
import { FRONTEND_NOT_BUILT_WARNING, ReceptionistStack } from './lib/receptionist-stack';
import { renderToken, testApp, testStage } from './test-support';

type Resource = { Type: string; Properties: Record<string, unknown> };
type Resources = Record<string, Resource>;

const onlyEntry = (resources: Resources): [string, Resource] => {
  const entries = Object.entries(resources);
  expect(entries).toHaveLength(1);
  return entries[0]!;
};

// Synthesis bundles the Lambdas with esbuild, so each stack is synthesized once and shared by every test.
const workDir = mkdtempSync(path.join(os.tmpdir(), 'receptionist-infra-test-'));

function synth(name: string, webBuildDir: string) {
  const outdir = path.join(workDir, `${name}.out`);
  const app = testApp(outdir);
  const stack = new ReceptionistStack(app, { stage: testStage(name), webBuildDir });
  return { stack, template: Template.fromStack(stack), outdir };
}

/** A minimal Vite-shaped build: index.html, a public file and a hashed bundle. */
function writeFakeWebBuild(): string {
  const dir = path.join(workDir, 'dist');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>',
  );
  writeFileSync(path.join(dir, 'logo-mark.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  // Maps a debug build might leave behind: never published.
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(path.join(dir, 'root.js.map'), '{"version":3}');
  return dir;
}

let built: ReturnType<typeof synth>;
let unbuilt: ReturnType<typeof synth>;
let template: Template;

// Bundling the four functions (once, shared by both stacks) can outlast the default hook timeout on a busy machine.
beforeAll(() => {
  built = synth('built', writeFakeWebBuild());
  unbuilt = synth('unbuilt', path.join(workDir, 'no-such-dist'));
  template = built.template;
}, 600_000);

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('auth', () => {
  it('creates an e-mail user pool with the shared custom attributes', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'email', Required: true }),
        Match.objectLike({ Name: 'phone_number', Required: false }),
        ...CUSTOM_ATTRIBUTES.map((name) => ({ Name: name, AttributeDataType: 'String', Mutable: true })),
      ]),
    });
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  it('creates a public web client for SRP sign-in only (password auth is for cognito-local)', () => {
    const [, client] = onlyEntry(template.findResources('AWS::Cognito::UserPoolClient') as Resources);
    expect(client.Properties).toMatchObject({
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
    });
    expect([...(client.Properties.ExplicitAuthFlows as string[])].sort()).toEqual([
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    expect(client.Properties.AllowedOAuthFlowsUserPoolClient).not.toBe(true);
  });
});

describe('data', () => {
  it('creates the single table from APP_TABLE', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: APP_TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: APP_TABLE.sortKey, KeyType: 'RANGE' },
      ],
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: APP_TABLE.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: [
        Match.objectLike({
          IndexName: APP_TABLE.gsi1.name,
          KeySchema: [
            { AttributeName: APP_TABLE.gsi1.partitionKey, KeyType: 'HASH' },
            { AttributeName: APP_TABLE.gsi1.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ],
    });
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain' });
  });
});

describe('lambdas', () => {
  const appFunctions = () =>
    Object.entries(template.findResources('AWS::Lambda::Function') as Resources).filter(
      ([, fn]) =>
        (fn.Properties.Environment as { Variables?: Record<string, unknown> })?.Variables?.APP_ENV === 'aws',
    );
  const variablesOf = (fn: Resource) =>
    (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  /** The vendor-keys secret (the other one is the API edge's origin-verify secret, tested in operations.test.ts). */
  const secretId = () =>
    onlyEntry(
      Object.fromEntries(
        Object.entries(template.findResources('AWS::SecretsManager::Secret') as Resources).filter(
          ([, secret]) => renderToken(secret.Properties.Name).startsWith('receptionist/built/vendor-keys-'),
        ),
      ),
    )[0];

  it('runs the API, telephony, socket and notifications handlers as four arm64 ESM functions', () => {
    const functions = appFunctions();
    expect(functions).toHaveLength(4);
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
      });
    }
    template.hasResourceProperties('AWS::Lambda::Function', { Timeout: 29 });
    // Sized from measured init and request times (infra/lib/memory-sizing.ts, docs/capacity.md).
    const memoryOf = (prefix: string) =>
      functions.find(([id]) => id.startsWith(prefix))?.[1].Properties.MemorySize;
    expect(
      ['ApiFunction', 'TelephonyFunction', 'SocketFunction', 'NotificationsFunction'].map(memoryOf),
    ).toEqual([1024, 1769, 1024, 512]);
  });

  it('leaves the heap limits to Lambda, which sets them from the memory size (lambdaHeapFlags)', () => {
    // Lambda's bootstrap passes --max-semi-space-size and --max-old-space-size on node's command line,
    // which wins over NODE_OPTIONS: the same flags here would be silently ignored, different ones misleading.
    for (const [, fn] of appFunctions()) {
      // Nor --enable-source-maps: the bundles map their stacks when one is written (source-mapped-stacks.ts).
      expect(variablesOf(fn).NODE_OPTIONS).toBeUndefined();
    }
  });

  it('configures every function with the backend environment, the secret only by ARN', () => {
    const expected = [
      'APP_ENV',
      'TABLE_NAME',
      'COGNITO_USER_POOL_ID',
      'COGNITO_CLIENT_ID',
      'COGNITO_REGION',
      'ALLOWED_ORIGINS',
      'SECRETS_ARN',
      'VOICE_RELAY_URL',
      'STAGE',
      // Every function may send a notification with an unsubscribe link (decision 130).
      'PUBLIC_API_URL',
      // Every function may emit an owner's webhook event onto its queue (decision 178).
      'WEBHOOKS_QUEUE_URL',
    ];
    const socketOnly = ['WS_CALLBACK_URL'];
    // The HTTP functions (API and telephony) check CloudFront's origin-verify header.
    const apiOnly = ['ORIGIN_VERIFY_SECRET_ARN'];
    // The notifications function queues its batches (docs/decisions/162); notification-queue.test.ts.
    const notificationsOnly = ['NOTIFICATIONS_QUEUE_URL'];
    const seen = new Set<string>();
    for (const [, fn] of appFunctions()) {
      const variables = variablesOf(fn);
      expect(Object.keys(variables)).toEqual(expect.arrayContaining(expected));
      expect(variables.SECRETS_ARN).toEqual({ Ref: secretId() });
      const unexpected = Object.keys(variables).filter(
        (key) =>
          ![...expected, ...socketOnly, ...apiOnly, ...notificationsOnly, 'NODE_OPTIONS'].includes(key),
      );
      expect(unexpected).toEqual([]);
      for (const key of Object.keys(variables)) seen.add(key);
    }
    expect([...seen]).toEqual(expect.arrayContaining([...socketOnly, ...apiOnly, ...notificationsOnly]));
  });

  it('puts no vendor key into the template', () => {
    const text = JSON.stringify(template.toJSON());
    for (const pattern of [
      /sk_(live|test)_/,
      /whsec_/,
      /\bsk-[A-Za-z0-9]{20,}/,
      /\bAC[0-9a-f]{32}\b/,
      /AIza[0-9A-Za-z_-]{30}/,
    ]) {
      expect(text).not.toMatch(pattern);
    }
    for (const [, fn] of appFunctions()) {
      expect(
        Object.keys(variablesOf(fn)).filter((key) =>
          /STRIPE|TWILIO|OPENAI|GOOGLE|MICROSOFT|API_KEY|PASSWORD/.test(key),
        ),
      ).toEqual([]);
    }
    template.hasResourceProperties('AWS::SecretsManager::Secret', { SecretString: '{}' });
  });

  type Statement = { Action: string | string[]; Resource: unknown };
  /** Every statement of every policy on a function's role (minimizePolicies merges statements). */
  const statementsOf = (fn: Resource): Statement[] => {
    const role = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    return Object.values(template.findResources('AWS::IAM::Policy') as Resources)
      .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: role }]))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  };
  const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
  const allows = (fn: Resource, action: string, resource: string) =>
    statementsOf(fn).some(
      (statement) =>
        list(statement.Action).includes(action) &&
        list(statement.Resource).map(renderToken).includes(resource),
    );

  it('lets the functions read the table and the vendor secret', () => {
    const tableId = Object.keys(template.findResources('AWS::DynamoDB::Table'))[0]!;
    for (const [, fn] of appFunctions()) {
      for (const action of ['dynamodb:Query', 'dynamodb:PutItem']) {
        expect(allows(fn, action, `\${${tableId}.Arn}`)).toBe(true);
      }
      expect(allows(fn, 'secretsmanager:GetSecretValue', `\${${secretId()}}`)).toBe(true);
    }
  });

  it('lets no function send e-mail when the stage names no sender (operations.test.ts covers a sender)', () => {
    const functions = appFunctions();
    expect(functions).toHaveLength(4);
    for (const [, fn] of functions) {
      expect(
        statementsOf(fn).filter((statement) => JSON.stringify(statement.Action).includes('ses:')),
      ).toEqual([]);
    }
  });

  it('runs the notifications sweep every 2 minutes and the digest job hourly', () => {
    const [notificationsId] = onlyEntry(
      template.findResources('AWS::Lambda::Function', {
        Properties: {
          Description: 'AI receptionist notifications: summary sweep and daily digest (scheduled)',
        },
      }) as Resources,
    );
    const rules = Object.values(template.findResources('AWS::Events::Rule') as Resources).map((rule) => ({
      schedule: rule.Properties.ScheduleExpression,
      targets: (rule.Properties.Targets as Array<{ Arn: unknown; Input: string }>).map((target) => ({
        arn: renderToken(target.Arn),
        input: JSON.parse(target.Input) as unknown,
      })),
    }));
    expect(rules).toEqual(
      expect.arrayContaining([
        {
          schedule: 'rate(2 minutes)',
          targets: [{ arn: `\${${notificationsId}.Arn}`, input: { jobs: ['sweep'] } }],
        },
        {
          schedule: 'cron(0 * * * ? *)',
          targets: [{ arn: `\${${notificationsId}.Arn}`, input: { jobs: ['digest'] } }],
        },
      ]),
    );
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [notificationsId, 'Arn'] },
    });
    // Its e-mails' unsubscribe links point at the same public API URL as the API function's.
    const urls = new Set(appFunctions().map(([, fn]) => renderToken(variablesOf(fn).PUBLIC_API_URL)));
    expect(urls.size).toBe(1);
  });

  it('lets only the API function sign out and delete users of its own pool; every function may look users up', () => {
    /** Every Cognito action a function may take, and on what (CDK merges statements on one resource). */
    const cognitoActions = (fn: Resource) => {
      const statements = statementsOf(fn).filter((statement) =>
        JSON.stringify(statement.Action).includes('cognito-idp:'),
      );
      return {
        actions: statements.flatMap((statement) => [...list(statement.Action)]).sort(),
        resources: [...new Set(statements.flatMap((statement) => list(statement.Resource).map(renderToken)))],
      };
    };
    const isApi = (fn: Resource) => fn.Properties.Description === 'AI receptionist HTTP API (Hono app)';
    const [api] = appFunctions().filter(([, fn]) => isApi(fn));
    const others = appFunctions().filter(([, fn]) => !isApi(fn));
    const [pool] = Object.keys(template.findResources('AWS::Cognito::UserPool'));
    const onPool = [`\${${pool}.Arn}`];
    // The summary e-mail's fallback address (an owner's sign-in e-mail) is read by whichever function ends
    // the conversation; deleting and signing out stay with the API's account deletion.
    expect(cognitoActions(api![1])).toEqual({
      actions: ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:ListUsers'],
      resources: onPool,
    });
    expect(others).toHaveLength(3);
    for (const [, fn] of others)
      expect(cognitoActions(fn)).toEqual({ actions: ['cognito-idp:ListUsers'], resources: onPool });
  });
});

describe('apis', () => {
  const apiId = (protocol: 'HTTP' | 'WEBSOCKET') =>
    onlyEntry(
      template.findResources('AWS::ApiGatewayV2::Api', {
        Properties: { ProtocolType: protocol },
      }) as Resources,
    )[0];
  const routeKeys = (api: string) =>
    Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Resources)
      .filter((route) => (route.Properties.ApiId as { Ref: string }).Ref === api)
      .map((route) => route.Properties.RouteKey)
      .sort();

  it('sends every HTTP request to the app, with CORS for the web origin only', () => {
    const api = apiId('HTTP');
    // Signed webhooks are routes of their own (their throttle, edge-and-roles.test.ts), to either function.
    expect(routeKeys(api)).toEqual(
      [
        ...new Set([
          '$default',
          ...TELEPHONY_HTTP_ROUTES.map((route) => `${route.method} ${route.path}`),
          ...SIGNED_WEBHOOK_PATHS.map((path) => `POST ${path}`),
        ]),
      ].sort(),
    );
    const { CorsConfiguration: cors } = (template.findResources('AWS::ApiGatewayV2::Api') as Resources)[api]!
      .Properties as { CorsConfiguration: Record<string, unknown[]> & { MaxAge?: number } };
    // Preflights kept as long as Chrome allows (2 h), as the app's own CORS answers locally.
    expect(cors.MaxAge).toBe(7200);
    // The CSV export's file name (its local date) must be readable by the web app.
    expect(cors.ExposeHeaders).toEqual(['Content-Disposition']);
    expect(cors.AllowMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']));
    expect(cors.AllowHeaders).toEqual(expect.arrayContaining(['Authorization', 'Content-Type']));
    expect(cors.AllowOrigins!.map(renderToken)).toEqual([
      expect.stringMatching(/^https:\/\/\$\{WebDistribution\w+\.DomainName\}$/),
    ]);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: api },
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({
        ThrottlingRateLimit: Match.anyValue(),
        ThrottlingBurstLimit: Match.anyValue(),
      }),
    });
  });

  it('routes $connect, $disconnect and $default of the socket to its Lambda', () => {
    const api = apiId('WEBSOCKET');
    expect(routeKeys(api)).toEqual(['$connect', '$default', '$disconnect']);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: api },
      StageName: 'built',
      AutoDeploy: true,
    });
  });

  it('sends every socket route to the socket Lambda through a proxy integration', () => {
    const api = apiId('WEBSOCKET');
    const integrations = Object.entries(
      template.findResources('AWS::ApiGatewayV2::Integration') as Resources,
    ).filter(([, integration]) => (integration.Properties.ApiId as { Ref: string }).Ref === api);
    expect(integrations).toHaveLength(1);
    const [integrationId, integration] = integrations[0]!;
    expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
    const socketFunctions = Object.keys(
      template.findResources('AWS::Lambda::Function', {
        Properties: { Environment: { Variables: { WS_CALLBACK_URL: Match.anyValue() } } },
      }),
    );
    expect(socketFunctions).toHaveLength(1);
    expect(renderToken(integration.Properties.IntegrationUri)).toContain(`\${${socketFunctions[0]}.Arn}`);
    const targets = Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Resources)
      .filter((route) => (route.Properties.ApiId as { Ref: string }).Ref === api)
      .map((route) => renderToken(route.Properties.Target));
    expect(targets).toEqual(Array(3).fill(`integrations/\${${integrationId}}`));
  });

  it("points calls' ConversationRelay at the socket API's stage (?channel=relay), for every function", () => {
    const api = apiId('WEBSOCKET');
    const relayUrls = Object.values(template.findResources('AWS::Lambda::Function') as Resources)
      .map((fn) => (fn.Properties.Environment as { Variables?: Record<string, unknown> })?.Variables)
      .filter((variables) => variables?.APP_ENV === 'aws')
      .map((variables) => renderToken(variables!.VOICE_RELAY_URL));
    expect(relayUrls).toHaveLength(4);
    for (const url of relayUrls) {
      expect(url).toMatch(new RegExp(`^wss://\\$\\{${api}\\}\\.execute-api\\..*/built\\?channel=relay$`));
    }
  });

  it('lets the socket Lambda post to connections of its stage only', () => {
    const api = apiId('WEBSOCKET');
    const statements = Object.values(template.findResources('AWS::IAM::Policy') as Resources).flatMap(
      (policy) =>
        (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] })
          .Statement,
    );
    const manage = statements.filter((statement) => statement.Action === 'execute-api:ManageConnections');
    expect(manage).toHaveLength(1);
    expect(renderToken(manage[0]!.Resource)).toMatch(
      new RegExp(`:\\$\\{${api}\\}/built/\\*/@connections/\\*$`),
    );
  });
});

describe('web', () => {
  it('keeps the bucket private and encrypted, readable only over TLS', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('serves the SPA through CloudFront with Origin Access Control, / prerendered and an index.html fallback', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
      }),
    });
    const fallback = (code: number) => ({
      ErrorCode: code,
      ResponseCode: 200,
      ResponsePagePath: '/index.html',
      ErrorCachingMinTTL: 0,
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'landing.html',
        HttpVersion: 'http2and3',
        PriceClass: 'PriceClass_100',
        CustomErrorResponses: [fallback(403), fallback(404)],
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
        Origins: [Match.objectLike({ OriginAccessControlId: Match.anyValue() })],
      }),
    });
  });

  it('sends security headers, with a CSP that allows the APIs and Cognito', () => {
    const [, policy] = onlyEntry(
      template.findResources('AWS::CloudFront::ResponseHeadersPolicy') as Resources,
    );
    const headers = (
      policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> }
    ).SecurityHeadersConfig;
    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 31536000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
      XSSProtection: { Protection: true, ModeBlock: true, Override: true },
    });
    const csp = renderToken(
      (headers.ContentSecurityPolicy as { ContentSecurityPolicy: unknown }).ContentSecurityPolicy,
    );
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(
      /connect-src 'self' .*https:\/\/\*\.execute-api\.\S+ wss:\/\/\*\.execute-api\.\S+ https:\/\/cognito-idp\./,
    );
  });

  it('uploads the build and a config.json made from the stack outputs', () => {
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment') as Resources);
    expect(deployments).toHaveLength(2);
    const shell = deployments.find((deployment) => deployment.Properties.Prune === true)!;
    expect(shell.Properties).toMatchObject({
      Exclude: ['assets/*'],
      DistributionPaths: ['/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    const hashed = deployments.find((deployment) => deployment.Properties.Prune === false)!;
    expect(hashed.Properties).toMatchObject({
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });

    // Source.jsonData writes config.json with deploy-time markers in place of the tokens.
    const assetDirs = readdirSync(built.outdir).filter((entry) => entry.startsWith('asset.'));
    const configDir = assetDirs.find((dir) => existsSync(path.join(built.outdir, dir, 'config.json')))!;
    const config = JSON.parse(readFileSync(path.join(built.outdir, configDir, 'config.json'), 'utf8'));
    expect(config).toEqual({
      apiUrl: expect.stringMatching(/^https:\/\/<<marker:/),
      cognito: {
        userPoolId: expect.stringMatching(/^<<marker:/),
        userPoolClientId: expect.stringMatching(/^<<marker:/),
        authFlowType: 'USER_SRP_AUTH',
      },
      oauthEnabled: false,
      voiceStreamUrl: expect.stringMatching(/^wss:\/\/<<marker:.*\/built$/),
      voiceRelayUrl: expect.stringMatching(/^wss:\/\/<<marker:.*\/built\?channel=relay$/),
    });
    const markers = JSON.stringify(shell.Properties.SourceMarkers);
    expect(markers).toMatch(/AuthUserPool\w+/);
    expect(markers).toMatch(/ApiEdgeDistribution\w+/);

    // The shell upload leaves the hashed bundles to the other upload.
    const shellDir = assetDirs.find((dir) => existsSync(path.join(built.outdir, dir, 'index.html')))!;
    expect(readdirSync(path.join(built.outdir, shellDir)).sort()).toEqual(['index.html', 'logo-mark.svg']);
    // No source map reaches the bucket.
    const hashedDir = assetDirs.find((dir) => existsSync(path.join(built.outdir, dir, 'index-abc123.js')))!;
    expect(readdirSync(path.join(built.outdir, hashedDir))).toEqual(['index-abc123.js']);
  });

  it('skips the upload, with a warning, when the frontend is not built', () => {
    unbuilt.template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(unbuilt.stack).hasWarning(
      '/receptionist-unbuilt',
      Match.stringLikeRegexp(`No web build at .*${FRONTEND_NOT_BUILT_WARNING}`),
    );
  });
});

describe('lambda bundling', () => {
  /** The asset directory CDK staged for a function (cdk.out/asset.<hash>), from its S3 key. */
  const assetOf = (description: string) => {
    const [, fn] = onlyEntry(
      template.findResources('AWS::Lambda::Function', {
        Properties: { Description: description },
      }) as Resources,
    );
    const key = renderToken((fn.Properties.Code as { S3Key: unknown }).S3Key);
    return path.join(built.outdir, `asset.${key.replace(/\.zip$/, '')}`);
  };
  const twilioSdk = /api\.twilio\.com/;

  it('bundles each function with esbuild: index.mjs, its lazy chunks and source maps, no sources', () => {
    for (const description of [
      'AI receptionist HTTP API (Hono app)',
      'AI receptionist telephony: phone numbers and Twilio webhooks (Hono app)',
    ]) {
      const dir = assetOf(description);
      expect(existsSync(path.join(dir, LAMBDA_ENTRY_FILE))).toBe(true);
      const map = JSON.parse(readFileSync(path.join(dir, `${LAMBDA_ENTRY_FILE}.map`), 'utf8')) as {
        sourcesContent?: unknown;
      };
      expect(map.sourcesContent).toBeUndefined();
      // The Twilio SDK is a chunk of its own, read only when a request first texts or buys a number.
      const chunks = readdirSync(path.join(dir, LAMBDA_CHUNK_DIR)).filter((file) => file.endsWith('.mjs'));
      expect(
        chunks.some((file) => twilioSdk.test(readFileSync(path.join(dir, LAMBDA_CHUNK_DIR, file), 'utf8'))),
      ).toBe(true);
    }
  });

  it('keeps the Twilio SDK and zod’s translations out of the API’s start-up code (≤ 1 MB)', () => {
    const entry = readFileSync(path.join(assetOf('AI receptionist HTTP API (Hono app)'), LAMBDA_ENTRY_FILE));
    expect(entry.byteLength).toBeLessThanOrEqual(1024 * 1024);
    const text = entry.toString('utf8');
    expect(text).not.toMatch(twilioSdk);
    // Indonesian is one of the locales the zod-english-only plugin leaves out; English stays.
    expect(text).not.toContain('Input tidak valid');
    expect(text).toContain('Invalid input');
  });
});

describe('outputs', () => {
  it('exports what the deploy guide and the web app need', () => {
    for (const name of [
      'WebUrl',
      'ApiUrl',
      'WebSocketUrl',
      'UserPoolId',
      'UserPoolClientId',
      'TableName',
      'VendorSecretArn',
    ]) {
      template.hasOutput(name, {});
    }
  });
});
