import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Aspects } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_WEBHOOK_PATHS, TWILIO_WEBHOOK_PATHS } from '../backend/src/platform/http/webhook-paths';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../shared/origin-verify';
import { ORIGIN_VERIFY_VERSION_PARAMETER } from './lib/api-edge';
import { CAPACITY } from './lib/capacity-model';
import { WAF_COUNTED_COMMON_RULES, WAF_MANAGED_RULE_GROUPS } from './lib/edge-firewall';
import { ReceptionistStack } from './lib/receptionist-stack';
import { TABLE_ACTIONS } from './lib/table-access';
import { testApp, testStage } from './test-support';

/**
 * The edge and the roles: WAF that spares exactly the signed webhooks, throttles from the capacity model with
 * webhooks apart from the dashboard, TLS 1.2 on production, X-Ray on every function, least-privilege table
 * access, and the origin-verify header pinned by version for rotation. Lambdas are not bundled (same template).
 */
type Resource = { Type: string; Properties: Record<string, unknown>; Condition?: string };
type Resources = Record<string, Resource>;
type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

const workDir = mkdtempSync(path.join(os.tmpdir(), 'receptionist-edge-test-'));
const webBuildDir = path.join(workDir, 'dist');
mkdirSync(webBuildDir, { recursive: true });
writeFileSync(path.join(webBuildDir, 'index.html'), '<!doctype html>');

const DOMAIN = {
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
  zoneName: 'example.com',
  siteDomain: 'app.example.com',
  apiDomain: 'api.example.com',
};

let staging: { stack: ReceptionistStack; template: Template };
let prod: { stack: ReceptionistStack; template: Template };

beforeAll(() => {
  const app = testApp(path.join(workDir, 'out'), { bundle: false });
  const build = (stage: ReturnType<typeof testStage>) => {
    const stack = new ReceptionistStack(app, { stage, webBuildDir });
    Aspects.of(stack).add(new AwsSolutionsChecks());
    return stack;
  };
  const stagingStack = build(testStage('staging'));
  const prodStack = build(
    testStage('prod', { production: true, sesFromAddress: 'hello@example.com', domain: DOMAIN }),
  );
  app.synth();
  staging = { stack: stagingStack, template: Template.fromStack(stagingStack) };
  prod = { stack: prodStack, template: Template.fromStack(prodStack) };
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const only = (resources: Resources): [string, Resource] => {
  const entries = Object.entries(resources);
  expect(entries).toHaveLength(1);
  return entries[0]!;
};

describe('WAF', () => {
  type Rule = {
    Name: string;
    Priority: number;
    Action?: unknown;
    OverrideAction?: unknown;
    Statement: Record<string, Record<string, unknown>>;
  };
  const rules = () =>
    (
      only(staging.template.findResources('AWS::WAFv2::WebACL') as Resources)[1].Properties.Rules as Rule[]
    ).sort((a, b) => a.Priority - b.Priority);
  /** The paths a scope-down statement spares: NOT(OR(exact uriPath matches)), nothing else. */
  const sparedPaths = (scopeDown: unknown) => {
    const statements = (
      scopeDown as {
        NotStatement: {
          Statement: { OrStatement: { Statements: Array<{ ByteMatchStatement: Record<string, unknown> }> } };
        };
      }
    ).NotStatement.Statement.OrStatement.Statements;
    for (const { ByteMatchStatement: match } of statements) {
      expect(match).toMatchObject({
        FieldToMatch: { UriPath: {} },
        PositionalConstraint: 'EXACTLY',
        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
      });
    }
    return statements.map(({ ByteMatchStatement: match }) => match.SearchString as string).sort();
  };

  it('spares exactly the signed webhook paths from the rate rule, never a /webhooks/ prefix', () => {
    const [rate] = rules();
    expect(rate!.Name).toBe('rate-per-ip');
    const spared = sparedPaths(rate!.Statement.RateBasedStatement!.ScopeDownStatement);
    expect(spared).toEqual([...SIGNED_WEBHOOK_PATHS].sort());
    expect(spared).toContain(TWILIO_WEBHOOK_PATHS.voice);
    expect(JSON.stringify(rate)).not.toContain('STARTS_WITH');
  });

  it("adds AWS's common, known-bad-inputs and IP-reputation rule groups everywhere but those paths", () => {
    const managed = rules().filter((rule) => rule.Statement.ManagedRuleGroupStatement);
    expect(managed.map((rule) => rule.Statement.ManagedRuleGroupStatement!.Name).sort()).toEqual(
      [
        'AWSManagedRulesAmazonIpReputationList',
        'AWSManagedRulesCommonRuleSet',
        'AWSManagedRulesKnownBadInputsRuleSet',
      ].sort(),
    );
    expect(managed).toHaveLength(WAF_MANAGED_RULE_GROUPS.length);
    for (const rule of managed) {
      const group = rule.Statement.ManagedRuleGroupStatement!;
      expect(group.VendorName).toBe('AWS');
      // The group's own block actions apply (no override to count for the whole group).
      expect(rule.OverrideAction).toEqual({ None: {} });
      expect(sparedPaths(group.ScopeDownStatement)).toEqual([...SIGNED_WEBHOOK_PATHS].sort());
    }
    // Only the 8 KB body rule is counted instead of blocking: the app's own limit is larger.
    const common = managed.find((rule) => rule.Name === 'AWSManagedRulesCommonRuleSet')!;
    expect(common.Statement.ManagedRuleGroupStatement!.RuleActionOverrides).toEqual(
      WAF_COUNTED_COMMON_RULES.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    );
    expect(WAF_COUNTED_COMMON_RULES).toEqual(['SizeRestrictions_BODY']);
  });
});

describe('throttles', () => {
  const httpStage = (template: Template) => {
    const [apiId] = only(
      template.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } }) as Resources,
    );
    const stages = Object.entries(template.findResources('AWS::ApiGatewayV2::Stage') as Resources).filter(
      ([, stage]) => JSON.stringify(stage.Properties.ApiId) === JSON.stringify({ Ref: apiId }),
    );
    expect(stages).toHaveLength(1);
    return { apiId, stage: stages[0]! };
  };

  it('gives the dashboard the capacity model’s HTTP limit and each webhook route its own', () => {
    const { apiId, stage } = httpStage(staging.template);
    const [stageId, { Properties: properties }] = stage;
    expect(properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: CAPACITY.throttles.dashboard.rateLimit,
      ThrottlingBurstLimit: CAPACITY.throttles.dashboard.burstLimit,
    });
    const routeSettings = properties.RouteSettings as Record<string, Record<string, number>>;
    expect(Object.keys(routeSettings).sort()).toEqual(SIGNED_WEBHOOK_PATHS.map((p) => `POST ${p}`).sort());
    for (const setting of Object.values(routeSettings)) {
      expect(setting).toEqual({
        ThrottlingRateLimit: CAPACITY.throttles.webhook.rateLimit,
        ThrottlingBurstLimit: CAPACITY.throttles.webhook.burstLimit,
      });
    }
    // Every throttled key is a real route of this API, created before the stage that names it.
    const routes = Object.entries(
      staging.template.findResources('AWS::ApiGatewayV2::Route') as Resources,
    ).filter(([, route]) => JSON.stringify(route.Properties.ApiId) === JSON.stringify({ Ref: apiId }));
    const routeIdsByKey = new Map(routes.map(([id, route]) => [route.Properties.RouteKey as string, id]));
    const dependsOn = (staging.template.toJSON().Resources[stageId].DependsOn ?? []) as string[];
    for (const key of Object.keys(routeSettings)) {
      expect(routeIdsByKey.has(key), key).toBe(true);
      expect(dependsOn).toContain(routeIdsByKey.get(key));
    }
    // A junk path under /webhooks/twilio/ has no route of its own: it falls to $default and its limit.
    expect([...routeIdsByKey.keys()].filter((key) => key.includes('{proxy+}'))).toEqual([]);
  });

  it('sends the Stripe and Calendly webhooks to the API function, the Twilio ones to the telephony function', () => {
    const integrationTarget = (key: string) => {
      const route = Object.values(
        staging.template.findResources('AWS::ApiGatewayV2::Route') as Resources,
      ).find((candidate) => candidate.Properties.RouteKey === key)!;
      const integrationId = JSON.stringify(route.Properties.Target).match(/"Ref":"(\w+)"/)![1]!;
      const integration = (staging.template.toJSON().Resources as Resources)[integrationId]!;
      return JSON.stringify(integration.Properties.IntegrationUri).match(/(\w+Function\w+)/)![1]!;
    };
    const api = integrationTarget('POST /webhooks/stripe');
    expect(api).toMatch(/^ApiFunction/);
    expect(integrationTarget('POST /webhooks/calendly')).toBe(api);
    expect(integrationTarget('POST /webhooks/stripe-connect')).toBe(api);
    for (const path of Object.values(TWILIO_WEBHOOK_PATHS))
      expect(integrationTarget(`POST ${path}`)).toMatch(/^TelephonyFunction/);
  });

  it('gives the WebSocket stage the capacity model’s socket limit', () => {
    const [, socket] = only(
      staging.template.findResources('AWS::ApiGatewayV2::Stage', {
        Properties: { StageName: 'staging' },
      }) as Resources,
    );
    expect(socket.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: CAPACITY.throttles.websocket.rateLimit,
      ThrottlingBurstLimit: CAPACITY.throttles.websocket.burstLimit,
    });
  });
});

describe('TLS', () => {
  it('serves production only with TLS 1.2 or newer, and suppresses CFR4 nowhere on it', () => {
    const configs = Object.values(
      prod.template.findResources('AWS::CloudFront::Distribution') as Resources,
    ).map((distribution) => distribution.Properties.DistributionConfig as Record<string, unknown>);
    expect(configs).toHaveLength(2);
    for (const config of configs)
      expect(config.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021' });
    expect(JSON.stringify(prod.template.toJSON())).not.toContain('AwsSolutions-CFR4');
  });

  it('refuses a production stage without a custom domain instead of suppressing CFR4', () => {
    const outdir = path.join(workDir, 'bare-prod.out');
    const app = testApp(outdir, { bundle: false });
    // Built past stages.ts, which may refuse such a stage itself: the stack must not rely on that alone.
    const stage = { ...testStage('bareprod', { sesFromAddress: 'hello@example.com' }), production: true };
    let refusal = '';
    try {
      const stack = new ReceptionistStack(app, { stage, webBuildDir });
      Aspects.of(stack).add(new AwsSolutionsChecks());
      app.synth();
    } catch (error) {
      refusal = String(error);
    }
    expect(refusal).not.toBe('');
    const reportFile = path.join(outdir, 'validation-report.json');
    if (existsSync(reportFile)) {
      // cdk-nag's CFR4 stopped it on both distributions: no suppression let TLS 1.0 through.
      const report = readFileSync(reportFile, 'utf8');
      expect(report).toContain('AwsSolutions-CFR4');
      expect(report).toContain('WebDistribution');
      expect(report).toContain('ApiEdgeDistribution');
    } else {
      // The stack refused the stage before synthesis, naming what is missing.
      expect(refusal).toMatch(/domain/i);
    }
  });
});

describe('functions', () => {
  const appFunctions = (template: Template) =>
    Object.entries(template.findResources('AWS::Lambda::Function') as Resources).filter(
      ([, fn]) =>
        (fn.Properties.Environment as { Variables?: Record<string, unknown> })?.Variables?.APP_ENV === 'aws',
    );
  const statementsOf = (template: Template, fn: Resource): Statement[] => {
    const role = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    return Object.values(template.findResources('AWS::IAM::Policy') as Resources)
      .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: role }]))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  };
  const bundleOf = (fn: Resource) =>
    ({
      'AI receptionist HTTP API (Hono app)': 'api',
      'AI receptionist telephony: phone numbers and Twilio webhooks (Hono app)': 'telephony',
      'AI receptionist sockets: voice preview stream and voice relay (ConversationRelay)': 'websocket',
      'AI receptionist notifications: summary sweep and daily digest (scheduled)': 'notifications',
    })[fn.Properties.Description as string] as keyof typeof TABLE_ACTIONS;

  it('traces every function with X-Ray (active tracing)', () => {
    for (const template of [staging.template, prod.template]) {
      const functions = appFunctions(template);
      expect(functions).toHaveLength(4);
      for (const [, fn] of functions) {
        expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
        const xray = statementsOf(template, fn).filter((s) => JSON.stringify(s.Action).includes('xray:'));
        expect(xray.flatMap((s) => list(s.Action)).sort()).toEqual([
          'xray:PutTelemetryRecords',
          'xray:PutTraceSegments',
        ]);
        // The IAM5 suppression for X-Ray's Resource "*" hides nothing else: no other action has it.
        const anyResource = statementsOf(template, fn).filter((s) => list(s.Resource).includes('*'));
        expect(anyResource.flatMap((s) => list(s.Action)).sort()).toEqual([
          'xray:PutTelemetryRecords',
          'xray:PutTraceSegments',
        ]);
      }
    }
  });

  it('gives each function exactly its table actions (table-access.ts), never Scan', () => {
    const [tableId] = only(staging.template.findResources('AWS::DynamoDB::Table') as Resources);
    for (const [, fn] of appFunctions(staging.template)) {
      const onTable = statementsOf(staging.template, fn).filter((statement) =>
        JSON.stringify(statement.Resource).includes(tableId),
      );
      const actions = onTable.flatMap((statement) => list(statement.Action)).sort();
      expect(actions).toEqual([...TABLE_ACTIONS[bundleOf(fn)]].sort());
      expect(actions).not.toContain('dynamodb:Scan');
      // The table and its indexes (GSI1), nothing else.
      for (const statement of onTable)
        expect(JSON.stringify(statement.Resource)).toMatch(new RegExp(`${tableId}.*index/\\*`));
    }
  });
});

describe('origin-verify rotation', () => {
  it("pins CloudFront's header to the secret version the rotation parameter names, else the current one", () => {
    for (const template of [staging.template, prod.template]) {
      template.hasParameter(ORIGIN_VERIFY_VERSION_PARAMETER, { Type: 'String', Default: '' });
      const api = Object.values(template.findResources('AWS::CloudFront::Distribution') as Resources)
        .map((distribution) => distribution.Properties.DistributionConfig as { Origins: unknown[] })
        .find((config) => JSON.stringify(config.Origins).includes('execute-api'))!;
      const origin = api.Origins[0] as {
        OriginCustomHeaders: Array<{ HeaderName: string; HeaderValue: unknown }>;
      };
      const header = origin.OriginCustomHeaders.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER)!;
      const [condition, pinned, current] = (header.HeaderValue as { 'Fn::If': [string, unknown, unknown] })[
        'Fn::If'
      ];
      expect(template.toJSON().Conditions[condition]).toEqual({
        'Fn::Not': [{ 'Fn::Equals': [{ Ref: ORIGIN_VERIFY_VERSION_PARAMETER }, ''] }],
      });
      expect(JSON.stringify(pinned)).toContain('{{resolve:secretsmanager:');
      expect(JSON.stringify(pinned)).toContain(`{"Ref":"${ORIGIN_VERIFY_VERSION_PARAMETER}"}`);
      expect(JSON.stringify(current)).toContain('{{resolve:secretsmanager:');
      expect(JSON.stringify(current)).not.toContain(ORIGIN_VERIFY_VERSION_PARAMETER);
    }
  });
});

describe('viewer address', () => {
  it("runs a viewer-request function on the API's distribution that sets the viewer's IP over the client's", () => {
    for (const template of [staging.template, prod.template]) {
      const functions = template.findResources('AWS::CloudFront::Function') as Resources;
      const [functionId, fn] = only(functions);
      const api = Object.values(template.findResources('AWS::CloudFront::Distribution') as Resources)
        .map(
          (distribution) =>
            distribution.Properties.DistributionConfig as {
              Origins: unknown[];
              DefaultCacheBehavior: {
                FunctionAssociations?: Array<{ EventType: string; FunctionARN: unknown }>;
              };
            },
        )
        .find((config) => JSON.stringify(config.Origins).includes('execute-api'))!;
      expect(api.DefaultCacheBehavior.FunctionAssociations).toEqual([
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
      ]);
      // The deployed code itself, run as CloudFront would: a made-up header is replaced by the viewer's IP.
      const code = fn.Properties.FunctionCode as string;
      const handler = vm.runInNewContext(`${code}; handler`) as (event: unknown) => {
        headers: Record<string, { value: string }>;
      };
      const request = handler({
        viewer: { ip: '203.0.113.9' },
        request: {
          headers: {
            [VIEWER_ADDRESS_HEADER]: { value: '10.0.0.1' },
            'x-forwarded-for': { value: '1.2.3.4' },
          },
        },
      });
      expect(request.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '203.0.113.9' });
      expect((fn.Properties.FunctionConfig as { Runtime: string }).Runtime).toBe('cloudfront-js-2.0');
    }
  });
});

describe('cdk-nag', () => {
  it('finds no unsuppressed error on either stage', () => {
    for (const { stack } of [staging, prod]) {
      const errors = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-'));
      expect(errors.map((error) => `${error.id}: ${String(error.entry.data).split(':')[0]}`)).toEqual([]);
    }
  });
});
