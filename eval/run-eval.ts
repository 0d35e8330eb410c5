/**
 * `npm run eval`: the evaluation suite (issue 35 §3, docs/decisions/182-evaluation-suite.md). Every scripted
 * conversation in eval/scenarios runs through the real receptionist engine against its own configured business
 * in a DynamoDB Local this script starts and stops; prints pass rates by category with latency and writes
 * .local/eval/report.json.
 *
 *   npm run eval                              the local model
 *   npm run eval -- booking walk_in           only those categories
 *   OPENAI_API_KEY=… [OPENAI_BASE_URL=…] npm run eval    any OpenAI-compatible endpoint
 *   EVAL_CONCURRENCY=2 npm run eval           conversations at once (default 4)
 *
 * Exits non-zero when the local model falls below eval/floor.json (an endpoint's run only reports).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createAppDeps } from '../backend/src/entry/app-deps';
import { keptLocalStandIns } from '../backend/src/local/stand-ins';
import { loadConfig } from '../backend/src/platform/config/env';
import { ensureAppTable } from '../backend/src/platform/dynamo/create-tables';
import { createDynamoClients } from '../backend/src/platform/dynamo/dynamo-client';
import { createLogger } from '../backend/src/platform/logging/logger';
import { installCleanupHandlers, registerService, stopAll } from '../bench/children';
import { assertJava, startDynamoDbLocal } from '../scripts/local-stack/dynamodb-local';
import { REPO_ROOT } from '../scripts/local-stack/local-stack';
import { freePort } from '../scripts/local-stack/ports';
import { EVAL_NOW } from './business';
import { formatSummary, summarizeByCategory } from './report';
import { runScenarios } from './runner';
import { EVAL_CATEGORIES, type EvalCategory } from './scenario-types';
import { SCENARIOS } from './scenarios';

const REPORT_FILE = path.join(REPO_ROOT, '.local', 'eval', 'report.json');
const FLOOR_FILE = path.join(REPO_ROOT, 'eval', 'floor.json');

function chosenScenarios(args: string[]) {
  const unknown = args.filter((a) => !(EVAL_CATEGORIES as readonly string[]).includes(a));
  if (unknown.length > 0)
    throw new Error(
      `Unknown categor${unknown.length > 1 ? 'ies' : 'y'} ${unknown.join(', ')}; expected one of ${EVAL_CATEGORIES.join(', ')}`,
    );
  return args.length === 0 ? SCENARIOS : SCENARIOS.filter((s) => args.includes(s.category as EvalCategory));
}

function concurrency() {
  const raw = process.env.EVAL_CONCURRENCY ?? '4';
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`EVAL_CONCURRENCY=${raw}: expected an integer ≥ 1`);
  return value;
}

async function main() {
  const scenarios = chosenScenarios(process.argv.slice(2));
  const workers = concurrency();
  const apiKey = process.env.OPENAI_API_KEY;
  const model = apiKey
    ? `OpenAI-compatible (${process.env.OPENAI_BASE_URL ?? 'api.openai.com'})`
    : 'local model';
  installCleanupHandlers();
  assertJava();
  console.log(`Starting DynamoDB Local…`);
  const dynamodb = await startDynamoDbLocal({
    port: await freePort(),
    cacheRoot: path.join(REPO_ROOT, '.local', 'cache'),
    echo: false,
  });
  registerService(dynamodb);
  const tableName = 'eval';
  const config = loadConfig({
    APP_ENV: 'test',
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamodb.endpoint,
    LOCAL_PROVIDERS: 'true',
    LOCAL_OUTBOX_DIR: path.join(REPO_ROOT, '.local', 'eval', 'outbox'),
    ...(apiKey ? { OPENAI_API_KEY: apiKey } : {}),
    ...(process.env.OPENAI_BASE_URL ? { OPENAI_BASE_URL: process.env.OPENAI_BASE_URL } : {}),
  });
  const { client } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
  // The scenarios run on a fixed clock in the past: no expiry sweep on it (as the integration tests do).
  await ensureAppTable(client, tableName, { timeToLive: false });
  const local = keptLocalStandIns();
  // The app's own log lines are not the report: kept out of the table.
  const deps = createAppDeps(
    config,
    { logger: createLogger(() => undefined), now: () => EVAL_NOW },
    local.factory,
  );

  console.log(`Running ${scenarios.length} conversations with the ${model}, ${workers} at a time…`);
  const started = Date.now();
  const results = await runScenarios(deps, scenarios, {
    concurrency: workers,
    onResult: (r) =>
      console.log(
        `${r.passed ? 'pass' : 'FAIL'}  ${r.id}${r.passed ? '' : `\n      ${r.failures.join('\n      ')}`}`,
      ),
  });
  const summary = summarizeByCategory(results);
  console.log(`\n${formatSummary(summary)}\n`);

  const floor = (JSON.parse(readFileSync(FLOOR_FILE, 'utf8')) as { passRate: number }).passRate;
  const overall = summary.at(-1)!.passRate;
  mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
  writeFileSync(
    REPORT_FILE,
    `${JSON.stringify(
      {
        ranAt: new Date().toISOString(),
        model,
        seconds: (Date.now() - started) / 1000,
        floor,
        summary,
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Report: ${path.relative(process.cwd(), REPORT_FILE)}`);
  if (!apiKey && scenarios.length === SCENARIOS.length && overall < floor) {
    console.error(
      `The local model passed ${(overall * 100).toFixed(1)} %, below the floor of ${floor * 100} % (eval/floor.json).`,
    );
    return 1;
  }
  return 0;
}

main()
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await stopAll();
    process.exit(1);
  });
