import { parseArgs } from 'node:util';
import { PLACEHOLDER_ACCOUNT, selectStage, type Stage } from './stages';
import { OPERATOR_EMAIL_PARAMETER } from './lib/observability';
import { stackIdOf } from './lib/receptionist-stack';

export const DEPLOY_USAGE =
  'Usage: npm run deploy -- --stage <name> [--confirm-prod] [--operator-email <address>] [-- <cdk deploy options>]';

export type DeployPlan = { stage: Stage; commands: string[][] };

/**
 * Turns `npm run deploy` arguments into the commands to run, or an error. Pure, so the refusals are tested:
 * no stage, an unknown stage, the placeholder account, and a production stage without --confirm-prod.
 */
export function planDeploy(args: string[], stages: Record<string, Stage>): DeployPlan {
  const { values, positionals } = parseArgs({
    args,
    options: {
      stage: { type: 'string' },
      'confirm-prod': { type: 'boolean', default: false },
      'operator-email': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (!values.stage) throw new Error(`No stage given: a deploy always names its stage.\n${DEPLOY_USAGE}`);
  const stage = selectStage(stages, values.stage);
  if (stage.account === PLACEHOLDER_ACCOUNT) {
    throw new Error(
      `Stage ${stage.name} still has the placeholder account ${PLACEHOLDER_ACCOUNT}: set stages.${stage.name}.account in cdk.json.`,
    );
  }
  if (stage.production && !values['confirm-prod']) {
    throw new Error(
      `Stage ${stage.name} is a production stage: add --confirm-prod to deploy it (account ${stage.account}, ${stage.region}).`,
    );
  }
  const stackId = stackIdOf(stage);
  const deploy = [
    'npx',
    'cdk',
    'deploy',
    stackId,
    '-c',
    `stage=${stage.name}`,
    // Any new IAM permission or security-group opening is shown and must be approved.
    '--require-approval',
    'broadening',
    // The stage's outputs (table, user pool, secret): `npm run ops -- --stage <name>` reads them here.
    '--outputs-file',
    `cdk-outputs/${stage.name}.json`,
    ...(values['operator-email']
      ? ['--parameters', `${stackId}:${OPERATOR_EMAIL_PARAMETER}=${values['operator-email']}`]
      : []),
    ...positionals,
  ];
  return { stage, commands: [['npm', 'run', 'build'], deploy] };
}
