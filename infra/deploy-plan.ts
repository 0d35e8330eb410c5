import { parseArgs } from 'node:util';
import { PLACEHOLDER_ACCOUNT, selectStage, type Stage } from './stages';
import { OPERATOR_EMAIL_PARAMETER } from './lib/observability';
import { stackIdOf } from './lib/receptionist-stack';

export const DEPLOY_USAGE =
  'Usage: npm run deploy -- --stage <name> [--confirm-prod] [--operator-email <address>] [-- <cdk deploy options>]';

export type DeployPlan = { stage: Stage; commands: string[][] };

/** Names reserved for examples (RFC 2606), as cdk.json ships its production stage: never a real target. */
const RESERVED_NAME = /(^|[.@])(example\.(com|net|org)|[a-z0-9-]+\.(example|test|invalid|localhost))$/;

/** The stage's settings that still hold cdk.json's example values, by their cdk.json path. */
function placeholderSettings(stage: Stage): string[] {
  const named = [
    ['domain.zoneName', stage.domain?.zoneName],
    ['sesFromAddress', stage.sesFromAddress],
  ] as const;
  return named
    .filter(([, value]) => value !== undefined && RESERVED_NAME.test(value))
    .map(([setting]) => `stages.${stage.name}.${setting}`);
}

/**
 * Turns `npm run deploy` arguments into the commands to run, or an error. Pure, so the refusals are tested:
 * no stage, an unknown stage, the placeholder account or example names, and a production stage without
 * --confirm-prod.
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
  const placeholders = placeholderSettings(stage);
  if (placeholders.length > 0) {
    throw new Error(
      `Stage ${stage.name} still has placeholder settings (${placeholders.join(', ')}): set them in cdk.json to your own domain and verified SES sender.`,
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
