/**
 * `npm run deploy -- --stage <name> [--confirm-prod] [--operator-email <address>]`: builds the web app and
 * deploys one stage's stack. The refusals (no stage, placeholder account, production without confirmation)
 * are in infra/deploy-plan.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEPLOY_USAGE, planDeploy } from '../infra/deploy-plan';
import { REPO_ROOT } from '../infra/lib/repo-paths';
import { parseStages } from '../infra/stages';

let plan;
try {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: { stages?: unknown };
  };
  plan = planDeploy(process.argv.slice(2), parseStages(cdkJson.context?.stages));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  if (!(error instanceof Error && error.message.includes('Usage:'))) console.error(DEPLOY_USAGE);
  process.exit(2);
}

console.log(`Deploying stage ${plan.stage.name} to account ${plan.stage.account} in ${plan.stage.region}`);
for (const [command, ...args] of plan.commands) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command!, args, {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
