import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Aspects } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TABLE } from '../backend/src/platform/dynamo/table-definition';
import { RESTORED_TABLE_WARNING } from './lib/data';
import { ReceptionistStack } from './lib/receptionist-stack';
import { parseStages, type StageConfig } from './stages';
import { testApp, testStage } from './test-support';

/**
 * A failed first deploy can be retried, and a stage torn down and rebuilt (docs/decisions/163): no retained
 * resource keeps a name that the next stack would need; the SES sender may be a verified domain; a restored
 * table can be put in service. Lambdas are not bundled (same template, far less CPU).
 */
type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
type Resources = Record<string, Resource>;

const workDir = mkdtempSync(path.join(os.tmpdir(), 'receptionist-retry-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function synth(name: string, config: Partial<StageConfig> = {}) {
  const app = testApp(path.join(workDir, `${name}.out`), { bundle: false });
  const stack = new ReceptionistStack(app, { stage: testStage(name, config), webBuildDir: workDir });
  Aspects.of(stack).add(new AwsSolutionsChecks());
  app.synth();
  return { stack, template: Template.fromStack(stack) };
}

/** The stack-id fragment a suffixed name carries: Fn::Select 0 of the UUID in AWS::StackId. */
const STACK_ID_SUFFIX = {
  'Fn::Select': [
    0,
    { 'Fn::Split': ['-', { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] }] },
  ],
};

/** Physical names that must be unique in an account and region, by resource type. */
const UNIQUE_NAME_KEYS: Record<string, string> = {
  'AWS::SecretsManager::Secret': 'Name',
  'AWS::Backup::BackupVault': 'BackupVaultName',
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::KMS::Key': 'Alias',
};

const isRetained = (resource: Resource) =>
  resource.DeletionPolicy === 'Retain' || resource.DeletionPolicy === 'RetainExceptOnCreate';

let plain: ReturnType<typeof synth>;
let domainSender: ReturnType<typeof synth>;
let addressSender: ReturnType<typeof synth>;
let restored: ReturnType<typeof synth>;

beforeAll(() => {
  plain = synth('staging');
  domainSender = synth('prod', { sesFromAddress: 'hello@example.com', sesIdentity: 'domain' });
  addressSender = synth('qa', { sesFromAddress: 'hello@example.com' });
  restored = synth('rescue', { restoredTableName: 'receptionist-rescue-restored-20261127' });
});

describe('retrying a failed deploy, rebuilding a torn-down stage', () => {
  it('gives no retained resource a fixed name that a second stack of the stage would need', () => {
    const retained = Object.entries(plain.template.toJSON().Resources as Resources).filter(([, r]) =>
      isRetained(r),
    );
    // The table, the user pool, the vendor secret, the backup vault, the log bucket, API Gateway's logs role.
    expect(retained.length).toBeGreaterThanOrEqual(6);
    for (const [id, resource] of retained) {
      const key = UNIQUE_NAME_KEYS[resource.Type];
      const name = key ? resource.Properties[key] : undefined;
      if (name === undefined) continue;
      // A fixed string would collide with the leftover of the previous attempt; the name carries the suffix.
      expect([id, JSON.stringify(name)]).toEqual([
        id,
        expect.stringContaining(JSON.stringify(STACK_ID_SUFFIX)),
      ]);
    }
  });

  it('names the vendor secret and the backup vault after the stage plus a suffix new for every stack', () => {
    const secret = Object.values(
      plain.template.findResources('AWS::SecretsManager::Secret') as Resources,
    ).find((r) => JSON.stringify(r.Properties.Name).includes('vendor-keys'))!;
    expect(secret.Properties.Name).toEqual({
      'Fn::Join': ['', ['receptionist/staging/vendor-keys-', STACK_ID_SUFFIX]],
    });
    plain.template.hasResourceProperties('AWS::Backup::BackupVault', {
      BackupVaultName: { 'Fn::Join': ['', ['receptionist-staging-backups-', STACK_ID_SUFFIX]] },
    });
  });

  it('keeps the keys and the backups after a teardown, but not the empty ones of a failed creation', () => {
    for (const type of ['AWS::SecretsManager::Secret', 'AWS::Backup::BackupVault']) {
      const resources = Object.values(plain.template.findResources(type) as Resources).filter(
        (r) =>
          type !== 'AWS::SecretsManager::Secret' || JSON.stringify(r.Properties.Name).includes('vendor-keys'),
      );
      expect(resources).toHaveLength(1);
      expect(resources[0]).toMatchObject({
        DeletionPolicy: 'RetainExceptOnCreate',
        UpdateReplacePolicy: 'Retain',
      });
    }
  });

  it('retains the table and the user pool under names CloudFormation generates (deletion protection on)', () => {
    plain.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true, TableName: Match.absent() }),
    });
    // A user pool's name is not unique in an account: a second stack's pool of the same name is created.
    plain.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });

  it('outputs the backup vault and the role that restores its copies', () => {
    const outputs = plain.template.toJSON().Outputs as Record<string, { Value: unknown }>;
    const vaultId = Object.keys(plain.template.findResources('AWS::Backup::BackupVault'))[0]!;
    expect(outputs.BackupVaultName!.Value).toEqual({ 'Fn::GetAtt': [vaultId, 'BackupVaultName'] });
    const roleId = (outputs.BackupRoleArn!.Value as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const role = plain.template.toJSON().Resources[roleId] as Resource;
    expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain('backup.amazonaws.com');
    const policies = JSON.stringify(role.Properties.ManagedPolicyArns);
    expect(policies).toContain('AWSBackupServiceRolePolicyForBackup');
    expect(policies).toContain('AWSBackupServiceRolePolicyForRestores');
  });
});

describe('the SES sender: a verified address or a verified domain', () => {
  const sendStatements = (template: Template) =>
    Object.values(template.findResources('AWS::IAM::Policy') as Resources)
      .flatMap(
        (policy) =>
          (policy.Properties.PolicyDocument as { Statement: Array<{ Action: unknown; Resource: unknown }> })
            .Statement,
      )
      .filter((statement) => JSON.stringify(statement.Action).includes('ses:'));

  it('hands Cognito the domain identity when the stage verified the domain, and grants sending as it', () => {
    domainSender.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        SourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/example.com',
        From: Match.stringLikeRegexp('hello@example.com'),
      }),
    });
    const statements = sendStatements(domainSender.template);
    expect(statements).toHaveLength(4);
    for (const statement of statements) {
      expect(statement).toMatchObject({
        Action: 'ses:SendEmail',
        Resource: 'arn:aws:ses:us-east-1:123456789012:identity/example.com',
      });
    }
  });

  it('names the address identity when only the address is verified (the default)', () => {
    addressSender.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        SourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/hello@example.com',
      }),
    });
    for (const statement of sendStatements(addressSender.template)) {
      expect(statement.Resource).toBe('arn:aws:ses:us-east-1:123456789012:identity/hello@example.com');
    }
  });

  it('refuses an identity kind without a sender, or one it does not know', () => {
    const stage = { account: '123456789012', region: 'us-east-1', monthlyBudgetUsd: 10 };
    expect(() => parseStages({ qa: { ...stage, sesIdentity: 'domain' } })).toThrow(
      /stages\.qa\.sesIdentity: names the identity of sesFromAddress, which is not set/,
    );
    expect(() =>
      parseStages({ qa: { ...stage, sesFromAddress: 'hello@example.com', sesIdentity: 'subdomain' } }),
    ).toThrow(/stages\.qa\.sesIdentity/);
    expect(
      parseStages({ qa: { ...stage, sesFromAddress: 'hello@example.com', sesIdentity: 'domain' } }).qa,
    ).toMatchObject({ sesIdentity: 'domain' });
  });
});

describe('restoring from a backup: the stage runs on the restored table', () => {
  const NAME = 'receptionist-rescue-restored-20261127';
  const TABLE_ARN = `arn:aws:dynamodb:us-east-1:123456789012:table/${NAME}`;

  it('creates no table of its own and points every function at the restored one', () => {
    expect(restored.template.findResources('AWS::DynamoDB::Table')).toEqual({});
    const functions = Object.values(
      restored.template.findResources('AWS::Lambda::Function') as Resources,
    ).filter((fn) => JSON.stringify(fn.Properties.Environment ?? {}).includes('"APP_ENV":"aws"'));
    expect(functions).toHaveLength(4);
    for (const fn of functions) {
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.TABLE_NAME).toBe(
        NAME,
      );
    }
    restored.template.hasOutput('TableName', { Value: NAME });
  });

  it('grants the functions the restored table and its index, and backs it up', () => {
    const resources = Object.values(restored.template.findResources('AWS::IAM::Policy') as Resources)
      .flatMap(
        (policy) =>
          (policy.Properties.PolicyDocument as { Statement: Array<{ Action: unknown; Resource: unknown }> })
            .Statement,
      )
      .filter((statement) => JSON.stringify(statement.Action).includes('dynamodb:PutItem'))
      .map((statement) => statement.Resource);
    expect(resources.length).toBeGreaterThanOrEqual(4);
    for (const resource of resources) {
      expect(resource).toEqual(expect.arrayContaining([TABLE_ARN, `${TABLE_ARN}/index/*`]));
    }
    expect(JSON.stringify(resources)).toContain(`/index/*`);
    restored.template.hasResourceProperties('AWS::Backup::BackupSelection', {
      BackupSelection: Match.objectLike({ Resources: [TABLE_ARN] }),
    });
    expect(APP_TABLE.gsi1.name).toBeTruthy();
  });

  it('warns at synth that the restored table needs its settings turned back on, and passes cdk-nag', () => {
    Annotations.fromStack(restored.stack).hasWarning('*', Match.stringLikeRegexp(RESTORED_TABLE_WARNING));
    Annotations.fromStack(plain.stack).hasNoWarning('*', Match.stringLikeRegexp(RESTORED_TABLE_WARNING));
    for (const { stack } of [restored, domainSender]) {
      const errors = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-'));
      expect(errors.map((error) => `${error.id}: ${String(error.entry.data).split(':')[0]}`)).toEqual([]);
    }
  });

  it('refuses a restored table name DynamoDB would not accept', () => {
    const stage = { account: '123456789012', region: 'us-east-1', monthlyBudgetUsd: 10 };
    expect(() => parseStages({ qa: { ...stage, restoredTableName: 'no spaces/allowed' } })).toThrow(
      /stages\.qa\.restoredTableName: a DynamoDB table name/,
    );
  });
});
