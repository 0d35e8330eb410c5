/**
 * `npx tsx infra/print-cost-tables.ts`: docs/capacity.md's "Monthly cost" and "Memory sizes" tables for the
 * stack as it is now.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { costSettingsOf, renderCostTable } from './lib/cost-model';
import { renderMemoryTable } from './lib/memory-sizing';
import { ReceptionistStack } from './lib/receptionist-stack';
import { testApp, testStage } from './test-support';

/** The cost settings of a default stage (us-east-1, the stack's own web ACL, no custom domain). */
export function defaultStageCostSettings() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'receptionist-cost-'));
  try {
    const app = testApp(dir, { bundle: false });
    const stack = new ReceptionistStack(app, { stage: testStage('cost'), webBuildDir: dir });
    return costSettingsOf(Template.fromStack(stack).toJSON() as Parameters<typeof costSettingsOf>[0]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const settings = defaultStageCostSettings();
  console.log(JSON.stringify(settings, null, 2));
  console.log(renderCostTable(settings));
  console.log(`\n${renderMemoryTable()}`);
}
