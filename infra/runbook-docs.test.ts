import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_RELAY } from '@shared/voice-relay';
import { APP_TABLE } from '../backend/src/platform/dynamo/table-definition';
import {
  costSettingsOf,
  PRICES,
  renderCostTable,
  runsPerMonth,
  USAGE_PER_OWNER,
  type CostSettings,
} from './lib/cost-model';
import { chosenMemoryMb, REQUEST_PROFILES, renderMemoryTable } from './lib/memory-sizing';
import { SES_IDENTITY_KINDS } from './lib/ses-sender';
import { ReceptionistStack } from './lib/receptionist-stack';
import { REPO_ROOT } from './lib/repo-paths';
import { stageConfigSchema } from './stages';
import { testApp, testStage } from './test-support';

/**
 * docs/deploy.md walked on paper against the stack it deploys, and docs/capacity.md's "Monthly cost" against
 * the cost model run on the synthesized template: a command, a name or a figure that no longer matches the
 * stack fails here (docs/decisions/163).
 */
type Resource = { Type: string; Properties: Record<string, unknown> };

const deployGuide = readFileSync(path.join(REPO_ROOT, 'docs/deploy.md'), 'utf8');
const capacity = readFileSync(path.join(REPO_ROOT, 'docs/capacity.md'), 'utf8');
/** The shell of the runbook: every fenced code block, joined. */
const commands = [...deployGuide.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!).join('\n');
/** Markdown table rows as trimmed cells (alignment padding ignored). */
const tableCells = (markdown: string) =>
  markdown
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map((line) =>
      line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/^-+:?$|^:?-+:?$/, '---')),
    );
const section = (markdown: string, heading: string) => {
  const start = markdown.indexOf(`\n${heading}\n`);
  expect(start).toBeGreaterThan(0);
  const next = markdown.indexOf('\n## ', start + heading.length + 2);
  return markdown.slice(start, next < 0 ? undefined : next);
};

const workDir = mkdtempSync(path.join(os.tmpdir(), 'receptionist-runbook-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

let template: ReturnType<Template['toJSON']>;
let resources: Record<string, Resource>;
let settings: CostSettings;

beforeAll(() => {
  // The default stage shape the cost table describes: us-east-1, its own web ACL, no custom domain.
  const app = testApp(path.join(workDir, 'cost.out'), { bundle: false });
  const stack = new ReceptionistStack(app, { stage: testStage('cost'), webBuildDir: workDir });
  template = Template.fromStack(stack).toJSON();
  resources = template.Resources as Record<string, Resource>;
  settings = costSettingsOf(template as Parameters<typeof costSettingsOf>[0]);
});

describe('docs/capacity.md "Monthly cost"', () => {
  it('reads the cost-bearing settings from the synthesized stack', () => {
    expect(settings).toMatchObject({
      memoryGb: { api: 1, telephony: 1769 / 1024, socket: 1, notifications: 0.5 },
      // The sweep every 2 minutes and the digest every hour.
      scheduledRunsPerMonth: 21_600 + 720,
      cognitoTier: 'PLUS',
      pointInTimeRecovery: true,
      // 35 daily copies, and a year of monthly ones of which the newest is still warm.
      backupCopies: { warm: 36, cold: 11 },
      functionLogDays: 30,
      dashboards: 1,
    });
    expect(settings.alarms).toBeGreaterThanOrEqual(10);
    expect(settings.secrets).toBeGreaterThanOrEqual(2);
    expect(settings.webAclRules).toBeGreaterThanOrEqual(1);
    expect([runsPerMonth('rate(2 minutes)'), runsPerMonth('cron(0 * * * ? *)')]).toEqual([21_600, 720]);
    expect(runsPerMonth('cron(0 5 1 * ? *)')).toBe(1);
  });

  it('shows the table the cost model computes from the stack (else: npx tsx infra/print-cost-tables.ts)', () => {
    const marked = /<!-- cost-table:start -->([\s\S]*?)<!-- cost-table:end -->/.exec(capacity);
    expect(marked).not.toBeNull();
    expect(tableCells(marked![1]!)).toEqual(tableCells(renderCostTable(settings)));
  });

  it('shows the memory sizes the stack uses, each with the wait it was chosen for', () => {
    const marked = /<!-- memory-table:start -->([\s\S]*?)<!-- memory-table:end -->/.exec(capacity);
    expect(marked).not.toBeNull();
    expect(tableCells(marked![1]!)).toEqual(tableCells(renderMemoryTable()));
    expect(settings.memoryGb).toEqual({
      api: chosenMemoryMb('api') / 1024,
      telephony: chosenMemoryMb('telephony') / 1024,
      socket: chosenMemoryMb('socket') / 1024,
      notifications: chosenMemoryMb('notifications') / 1024,
    });
  });

  it('states the per-owner usage the table is computed from', () => {
    const costSection = section(capacity, '## Monthly cost');
    const u = USAGE_PER_OWNER;
    for (const claim of [
      `${u.calls} answered calls of ${u.callMinutes} minutes`,
      `${u.relayPromptsPerCall} caller prompts per call`,
      `${(REQUEST_PROFILES.relayTurn.cpuMs + REQUEST_PROFILES.relayTurn.waitMs) / 1000} s each`,
      `${u.relayTextMessagesPerReply} \`text\` messages per reply`,
      `${u.twilioWebhooksPerCall} Twilio webhooks per call`,
      `${u.textsReceived} texts received`,
      `${u.dashboardRequests} dashboard API requests`,
      `${u.sitePageLoads} page loads`,
      `${u.emails} e-mails`,
      `${u.tableMb} MB per owner`,
      `${u.turnReadUnits} read and ${u.turnWriteUnits} write per relay turn`,
    ]) {
      expect(costSection.replace(/\s+/g, ' ')).toContain(claim);
    }
  });
});

describe('docs/deploy.md against the stack', () => {
  const appFunctionIds = () =>
    Object.entries(resources)
      .filter(
        ([, r]) =>
          r.Type === 'AWS::Lambda::Function' &&
          JSON.stringify(r.Properties.Environment ?? {}).includes('"APP_ENV":"aws"'),
      )
      .map(([id]) => id);

  it('lists stack resources with list-stack-resources (describe-stack-resources stops at 100)', () => {
    expect(commands).toContain('aws cloudformation list-stack-resources');
    expect(commands).not.toContain('describe-stack-resources');
  });

  it('names each app function by a logical-id prefix that matches exactly that function', () => {
    const loop = /for name in ([\w ]+); do/.exec(commands);
    expect(loop).not.toBeNull();
    const names = loop![1]!.trim().split(/\s+/);
    const ids = appFunctionIds();
    expect(ids).toHaveLength(4);
    expect(names).toHaveLength(4);
    for (const name of names)
      expect([name, ids.filter((id) => id.startsWith(name))]).toEqual([name, [expect.any(String)]]);
    for (const used of commands.matchAll(/fn (\w+)\)/g)) expect(names).toContain(used[1]);
  });

  it('deletes secrets without a recovery window, which would keep the name for 30 days', () => {
    const deletes = commands.split('\n').filter((line) => line.includes('delete-secret'));
    expect(deletes.length).toBeGreaterThan(0);
    for (const line of deletes) expect(line).toContain('--force-delete-without-recovery');
  });

  it("smoke-tests the notifications function with its schedule's own input, and the relay with its channel", () => {
    const payload = /--payload '([^']+)'/.exec(commands);
    expect(payload).not.toBeNull();
    const inputs = Object.values(resources)
      .filter((r) => r.Type === 'AWS::Events::Rule')
      .flatMap((rule) =>
        (rule.Properties.Targets as Array<{ Input?: string }>).map((target) => target.Input),
      );
    expect(inputs.map((input) => JSON.parse(input ?? 'null'))).toContainEqual(JSON.parse(payload![1]!));
    expect(commands).toContain(`?${VOICE_RELAY.channelQuery.name}=${VOICE_RELAY.channelQuery.value}`);
    expect(commands).toContain('--query LoggingConfig.LogGroup');
  });

  it("checks the account's Lambda concurrency quota and leaves the SES sandbox", () => {
    expect(commands).toMatch(
      /aws service-quotas get-service-quota --service-code lambda --quota-code L-B99A9384/,
    );
    expect(commands).toContain('aws sesv2 put-account-details');
    expect(commands).toContain('--production-access-enabled');
  });

  it("states the user pool's feature plan and its price as the stack and the cost model have them", () => {
    const pool = Object.values(resources).find((r) => r.Type === 'AWS::Cognito::UserPool')!;
    expect(pool.Properties.UserPoolTier).toBe('PLUS');
    expect(deployGuide).toContain("Cognito's **Plus** feature");
    expect(deployGuide.replace(/\s+/g, ' ')).toContain(
      `$${PRICES.cognitoMau.PLUS} per monthly active user with no free tier`,
    );
  });

  it('documents every stage setting and every stack output', () => {
    const fields = tableCells(
      section(deployGuide, '## 1. Describe the stage and bootstrap (once per account and region)'),
    )
      .map((row) => row[0]!)
      .filter((cell) => cell.startsWith('`'));
    for (const key of Object.keys(stageConfigSchema.shape)) expect(fields).toContain(`\`${key}\``);
    const outputs = tableCells(section(deployGuide, '## 3. Build and deploy')).flatMap((row) =>
      [...row[0]!.matchAll(/`(\w+)`/g)].map((match) => match[1]!),
    );
    for (const output of Object.keys(template.Outputs as object)) expect(outputs).toContain(output);
    expect(deployGuide).toContain(`"sesIdentity": "${SES_IDENTITY_KINDS[1]}"`);
  });

  it('restores with commands that name the stack outputs and the table settings a restore drops', () => {
    const restore = section(deployGuide, '## Restore from a backup');
    for (const output of ['TableName', 'BackupVaultName', 'BackupRoleArn']) {
      expect(restore).toContain(`$(output ${output})`);
      expect(Object.keys(template.Outputs as object)).toContain(output);
    }
    expect(restore).toContain(`AttributeName=${APP_TABLE.ttlAttribute}`);
    expect(restore).toContain('PointInTimeRecoveryEnabled=true');
    expect(restore).toContain('--deletion-protection-enabled');
    expect(restore).toContain('"restoredTableName"');
    expect(restore).toContain('--metadata targetTableName=');
  });
});
