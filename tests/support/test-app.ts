import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createApp } from '../../backend/src/entry/app';
import { createAppDeps } from '../../backend/src/entry/app-deps';
import type { AppDeps } from '../../backend/src/entry/app-types';
import { loadConfig } from '../../backend/src/platform/config/env';
import { ensureAppTable } from '../../backend/src/platform/dynamo/create-tables';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import { createLogger } from '../../backend/src/platform/logging/logger';
import { keptLocalStandIns } from '../../backend/src/local/stand-ins';
import type { LocalHandles } from '../../backend/src/local/local-handles';

/** The app's deps plus the local stand-ins' handles, under the names the tests read them by. */
export type TestAppDeps = AppDeps & {
  localOutbox?: LocalHandles['outbox'];
  localTwilioAccount?: LocalHandles['twilioAccount'];
  localPayments?: LocalHandles['payments'];
  localRecordings?: LocalHandles['recordings'];
};

/**
 * An app wired exactly as in production (createAppDeps) to the run's real DynamoDB Local (a fresh table per
 * call) and cognito-local, with its log lines captured for assertions and an optional clock.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Pick<AppDeps, 'now' | 'metrics'>> = {},
) {
  const services = inject('localServices');
  const tableName = `test-${randomUUID().slice(0, 8)}`;
  const config = loadConfig({
    APP_ENV: 'test',
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: services.dynamoDbEndpoint,
    COGNITO_ISSUER: services.issuer,
    COGNITO_JWKS_URL: services.jwksUrl,
    LOCAL_OUTBOX_DIR: services.outboxDir,
    LOCAL_PROVIDERS: 'true',
    ...env,
  });
  const { client, doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
  // DynamoDB Local's expiry sweep reads the real clock: a test on its own clock (often in the real past by
  // now) would see its pending number claims and other short-lived items vanish mid-test.
  await ensureAppTable(client, tableName, { timeToLive: !overrides.now });
  const logLines: Array<Record<string, unknown>> = [];
  const local = keptLocalStandIns();
  const appDeps = createAppDeps(
    config,
    {
      logger: createLogger((line) => logLines.push(JSON.parse(line) as Record<string, unknown>)),
      ...overrides,
    },
    config.appEnv === 'aws' ? undefined : local.factory,
  );
  const handles = local.handles();
  const deps: TestAppDeps = Object.assign(appDeps, {
    localOutbox: handles.outbox,
    localTwilioAccount: handles.twilioAccount,
    localPayments: handles.payments,
    localRecordings: handles.recordings,
  });
  return { app: createApp(deps), deps, doc, client, tableName, logLines, services };
}
