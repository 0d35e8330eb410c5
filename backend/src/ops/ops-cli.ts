/**
 * The operator CLI's command line (issue 14 §8), run by scripts/ops.ts: `npm run ops -- [--stage <name>]
 * <command> [arguments]`.
 *
 * Without --stage it runs against the local stack of `npm start` (DynamoDB Local, cognito-local, local
 * providers). With --stage it runs against that deployed stage with the operator's AWS credentials: the
 * table, user pool and vendor-secret ARN come from the stage's stack outputs in cdk-outputs/<stage>.json
 * (written by `npm run deploy -- --stage <name>`), or from TABLE_NAME, COGNITO_USER_POOL_ID and SECRETS_ARN;
 * the region is the user pool's (its id starts with it), so AWS_REGION is needed only when nothing names it.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { createAppDeps } from '../app-deps';
import { loadConfig } from '../config/env';
import { withVendorSecrets } from '../config/vendor-secrets';
import { createLogger } from '../logging/logger';
import { GRANTABLE_MODULES, OpsError, opsCommands, type OpsResult } from './ops-commands';

const USAGE = `Usage: npm run ops -- [--stage <name>] <command>

  lookup <e-mail | +E.164 assistant number | user id>   an owner's account, business, number and plan
  admit-beta <e-mail>                                  make a signed-up user a beta tester
  grant-modules <owner> <module...> [--revoke]         capability modules (${GRANTABLE_MODULES.join(', ')})
  webhooks failed                                      webhook events whose handling failed
  webhooks replay <event id...> | --all                handle failed events again
  repoint-numbers <public API URL>                     point every number's webhooks at this API
  approve-texting <owner>                              mark an owner registered for texting outside the product
                                                       (A2P brand and campaign approved in Twilio's console)

Without --stage: the local stack (npm start). With --stage: that deployed stage (AWS credentials).`;

const stageOutputsSchema = z.object({
  TableName: z.string().min(3),
  UserPoolId: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d_\w+$/, 'a user pool id such as us-east-1_AbC123'),
  VendorSecretArn: z.string().startsWith('arn:').optional(),
});

/** A user pool id starts with its region (us-east-1_AbC123): the stage's region, whatever the shell says. */
const regionOfUserPool = (userPoolId: string | undefined) =>
  /^([a-z]{2}(?:-[a-z]+)+-\d)_/.exec(userPoolId ?? '')?.[1];

/** The stage's outputs file, or undefined when there is none; a file that is there but wrong is an error. */
async function readStageOutputs(stage: string, file: string) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new OpsError(`${file}: ${String(error)}`);
  }
  let all: Record<string, unknown>;
  try {
    all = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new OpsError(
      `${file} is not JSON: deploy again (npm run deploy -- --stage ${stage}) to rewrite it.`,
    );
  }
  const parsed = stageOutputsSchema.safeParse(all[`receptionist-${stage}`] ?? Object.values(all)[0]);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'outputs'}: ${issue.message}`,
    );
    throw new OpsError(
      `${file} lacks the outputs of receptionist-${stage} (${problems.join('; ')}): deploy again ` +
        `(npm run deploy -- --stage ${stage}) to rewrite it.`,
    );
  }
  return parsed.data;
}

/** The environment the app's own configuration is loaded from, for the local stack or a stage. */
export async function environmentFor(
  stage: string | undefined,
  processEnv: Record<string, string | undefined>,
): Promise<Record<string, string | undefined>> {
  if (!stage) return processEnv;
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) throw new OpsError(`Invalid stage name: ${stage}`);
  const file = `${processEnv.OPS_OUTPUTS_DIR ?? 'cdk-outputs'}/${stage}.json`;
  const outputs = await readStageOutputs(stage, file);
  const tableName = outputs?.TableName ?? processEnv.TABLE_NAME;
  const userPoolId = outputs?.UserPoolId ?? processEnv.COGNITO_USER_POOL_ID;
  // The stage's own region first: an operator's shell often points at another one.
  const region = regionOfUserPool(userPoolId) ?? processEnv.AWS_REGION ?? processEnv.AWS_DEFAULT_REGION;
  if (!tableName || !userPoolId || !region) {
    // Only reached without the file (the file always has both): say so, and name what is still missing.
    const missing = [
      ...(tableName ? [] : ['TABLE_NAME']),
      ...(userPoolId ? [] : ['COGNITO_USER_POOL_ID']),
      // The pool id names the region; AWS_REGION matters only for a pool id that does not.
      ...(region || !userPoolId ? [] : ['AWS_REGION']),
    ];
    throw new OpsError(
      `Stage ${stage}: no ${file} (npm run deploy -- --stage ${stage} writes it), and ${missing.join(' and ')} ` +
        `${missing.length > 1 ? 'are' : 'is'} not set. Set TABLE_NAME and COGNITO_USER_POOL_ID (and ` +
        'SECRETS_ARN for vendor keys) to the stack outputs, or copy the outputs file from whoever deployed.',
    );
  }
  return {
    ...processEnv,
    APP_ENV: 'aws',
    STAGE: stage,
    AWS_REGION: region,
    TABLE_NAME: tableName,
    COGNITO_USER_POOL_ID: userPoolId,
    SECRETS_ARN: outputs?.VendorSecretArn ?? processEnv.SECRETS_ARN,
  };
}

/** Parses the command line, picks the local stack or the stage, and runs the command. */
export async function runOpsCli(
  argv: string[],
  processEnv: Record<string, string | undefined> = process.env,
): Promise<OpsResult> {
  const args = [...argv];
  let stage: string | undefined;
  const stageAt = args.indexOf('--stage');
  if (stageAt >= 0) {
    stage = args[stageAt + 1];
    if (!stage) throw new OpsError(USAGE);
    args.splice(stageAt, 2);
  }
  const [command, ...rest] = args;
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const positional = rest.filter((a) => !a.startsWith('--'));
  if (!command || command === 'help' || flags.has('--help')) return { lines: [USAGE] };

  const config = loadConfig(await withVendorSecrets(await environmentFor(stage, processEnv)));
  // Warnings and errors on stderr; the debug log (metrics lines) would only bury the command's output.
  const logger = createLogger((line) => {
    if (!line.startsWith('{"level":"debug"')) process.stderr.write(`${line}\n`);
  });
  const deps = createAppDeps(config, { logger });
  const ops = opsCommands(deps);
  const one = (name: string) => {
    if (positional.length !== 1) throw new OpsError(`${name}: expected one argument\n\n${USAGE}`);
    return positional[0]!;
  };
  switch (command) {
    case 'lookup':
      return ops.lookup(one('lookup'));
    case 'admit-beta':
      return ops.admitBeta(one('admit-beta'));
    case 'grant-modules': {
      const [owner, ...modules] = positional;
      if (!owner) throw new OpsError(USAGE);
      return ops.grantModules(owner, modules, flags.has('--revoke'));
    }
    case 'webhooks': {
      const [action, ...ids] = positional;
      if (action === 'failed') return ops.failedWebhooks();
      if (action === 'replay' && (flags.has('--all') || ids.length > 0))
        return ops.replayWebhooks(flags.has('--all') ? 'all' : ids);
      throw new OpsError(USAGE);
    }
    case 'approve-texting':
      return ops.approveTexting(one('approve-texting'));
    case 'repoint-numbers': {
      const url = z.url({ protocol: /^https?$/ }).safeParse(positional[0] ?? processEnv.PUBLIC_API_URL);
      if (!url.success) throw new OpsError('Usage: npm run repoint-numbers -- https://<your API address>');
      return ops.repointNumbers(url.data);
    }
    default:
      throw new OpsError(`Unknown command: ${command}\n\n${USAGE}`);
  }
}
