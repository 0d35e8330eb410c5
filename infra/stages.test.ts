import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planDeploy } from './deploy-plan';
import { REPO_ROOT } from './lib/repo-paths';
import { parseStages, PLACEHOLDER_ACCOUNT, selectStage } from './stages';

const PROD_DOMAIN = {
  hostedZoneId: 'Z123456789',
  zoneName: 'bella-salon.com',
  siteDomain: 'app.bella-salon.com',
  apiDomain: 'api.bella-salon.com',
};

const config = {
  staging: {
    account: '111111111111',
    region: 'eu-west-1',
    monthlyBudgetUsd: 20,
    webAclArn: 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/edge/abc',
  },
  prod: {
    account: '222222222222',
    region: 'us-east-1',
    production: true,
    monthlyBudgetUsd: 300,
    domain: PROD_DOMAIN,
    sesFromAddress: 'hello@bella-salon.com',
  },
  sandbox: { account: PLACEHOLDER_ACCOUNT, region: 'us-east-1', monthlyBudgetUsd: 10 },
};

describe('stage configuration (cdk.json context "stages")', () => {
  it('parses stages with their names, explicit accounts and regions', () => {
    const stages = parseStages(config);
    expect(stages.prod).toMatchObject({
      name: 'prod',
      account: '222222222222',
      region: 'us-east-1',
      production: true,
    });
    expect(stages.staging!.production).toBe(false);
  });

  it('lists every problem with its path', () => {
    const problems = (() => {
      try {
        parseStages({ Prod: { account: '12', region: 'mars', monthlyBudgetUsd: -1, extra: true } });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const expected of [
      'stages.Prod: lower-case letters',
      'stages.Prod.account: a 12-digit AWS account id',
      'stages.Prod.region: an AWS region',
      'stages.Prod.monthlyBudgetUsd:',
      'stages.Prod: Unrecognized key: "extra"',
    ]) {
      expect(problems).toContain(expected);
    }
    expect(() => parseStages(undefined)).toThrow(/Invalid stage configuration/);
  });

  it('needs a us-east-1 web ACL and certificate for a stage elsewhere (CloudFront takes them only from there)', () => {
    const { webAclArn: _acl, ...noAcl } = config.staging;
    expect(() => parseStages({ staging: noAcl })).toThrow(
      /stages\.staging\.webAclArn: required outside us-east-1/,
    );
    const domain = PROD_DOMAIN;
    expect(() => parseStages({ staging: { ...config.staging, domain } })).toThrow(
      /stages\.staging\.domain\.certificateArn: required outside us-east-1/,
    );
    expect(() =>
      parseStages({ prod: { ...config.prod, domain: { ...domain, apiDomain: 'api.other.org' } } }),
    ).toThrow(/inside zoneName/);
    expect(parseStages({ prod: { ...config.prod, domain } }).prod!.domain).toEqual(domain);
  });

  it('refuses a production stage without a custom domain or an SES sender, naming each missing setting', () => {
    const problemsOf = (raw: unknown) => {
      try {
        parseStages(raw);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const DOMAIN_MISSING = 'stages.prod.domain: required for a production stage';
    const SENDER_MISSING = 'stages.prod.sesFromAddress: required for a production stage';
    const { domain: _domain, sesFromAddress: _sender, ...bare } = config.prod;
    const neither = problemsOf({ prod: bare });
    expect(neither).toContain(DOMAIN_MISSING);
    expect(neither).toContain(SENDER_MISSING);
    const noSender = problemsOf({ prod: { ...bare, domain: PROD_DOMAIN } });
    expect(noSender).toContain(SENDER_MISSING);
    expect(noSender).not.toContain(DOMAIN_MISSING);
    const noDomain = problemsOf({ prod: { ...bare, sesFromAddress: 'hello@example.com' } });
    expect(noDomain).toContain(DOMAIN_MISSING);
    expect(noDomain).not.toContain(SENDER_MISSING);
    // A stage that is not production may go without both (Cognito's sender, the generated URLs).
    expect(problemsOf({ prod: { ...bare, production: false } })).toBe('');
  });

  it("parses cdk.json's own stages, its production stage with a domain and a sender", () => {
    const { context } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
      context: { stages: unknown };
    };
    const stages = parseStages(context.stages);
    const production = Object.values(stages).filter((stage) => stage.production);
    expect(production.length).toBeGreaterThan(0);
    for (const stage of production) {
      expect(stage.domain).toBeDefined();
      expect(stage.sesFromAddress).toBeDefined();
    }
  });

  it('selects a configured stage by name only', () => {
    const stages = parseStages(config);
    expect(selectStage(stages, 'prod').name).toBe('prod');
    expect(() => selectStage(stages, 'production')).toThrow(/configured stages are staging, prod, sandbox/);
    expect(() => selectStage(stages, undefined)).toThrow(/Unknown stage/);
  });
});

describe('npm run deploy', () => {
  const stages = parseStages(config);

  it('refuses a deploy without a stage', () => {
    expect(() => planDeploy([], stages)).toThrow(/No stage given/);
  });

  it('refuses a production stage without --confirm-prod', () => {
    expect(() => planDeploy(['--stage', 'prod'], stages)).toThrow(/production stage: add --confirm-prod/);
  });

  it('refuses the placeholder account', () => {
    expect(() => planDeploy(['--stage', 'sandbox'], stages)).toThrow(/placeholder account/);
  });

  it("refuses cdk.json's example domain and sender, naming each setting", () => {
    const shipped = parseStages({
      prod: {
        ...config.prod,
        domain: {
          ...PROD_DOMAIN,
          zoneName: 'example.com',
          siteDomain: 'app.example.com',
          apiDomain: 'api.example.com',
        },
        sesFromAddress: 'no-reply@example.com',
      },
    });
    expect(() => planDeploy(['--stage', 'prod', '--confirm-prod'], shipped)).toThrow(
      'Stage prod still has placeholder settings (stages.prod.domain.zoneName, stages.prod.sesFromAddress)',
    );
  });

  it('builds the web app, then deploys exactly that stage with its operator e-mail, keeping its outputs for ops', () => {
    const plan = planDeploy(
      ['--stage', 'prod', '--confirm-prod', '--operator-email', 'ops@example.com'],
      stages,
    );
    expect(plan.commands).toEqual([
      ['npm', 'run', 'build'],
      [
        'npx',
        'cdk',
        'deploy',
        'receptionist-prod',
        '-c',
        'stage=prod',
        '--require-approval',
        'broadening',
        '--outputs-file',
        'cdk-outputs/prod.json',
        '--parameters',
        'receptionist-prod:OperatorEmail=ops@example.com',
      ],
    ]);
    expect(planDeploy(['--stage', 'staging'], stages).commands[1]).toEqual([
      'npx',
      'cdk',
      'deploy',
      'receptionist-staging',
      '-c',
      'stage=staging',
      '--require-approval',
      'broadening',
      '--outputs-file',
      'cdk-outputs/staging.json',
    ]);
  });
});
