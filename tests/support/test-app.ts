import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createApp } from '../../backend/src/app';
import type { AppDeps } from '../../backend/src/app-types';
import { createTokenVerifier } from '../../backend/src/auth/token-verifier';
import { loadConfig } from '../../backend/src/config/env';
import { createBusinessConfigRepository } from '../../backend/src/data/business-config';
import { ensureAppTable } from '../../backend/src/data/create-tables';
import { createDynamoClients } from '../../backend/src/data/dynamo-client';
import { createRateLimiter } from '../../backend/src/data/rate-limits';
import { createLogger } from '../../backend/src/logging/logger';
import { createLocalOutbox } from '../../backend/src/providers/email/local';

/**
 * An app wired to the run's real DynamoDB Local (a fresh table per call) and cognito-local, with its log
 * lines captured for assertions.
 */
export async function createTestApp(overrides: Record<string, string> = {}) {
  const services = inject('localServices');
  const tableName = `test-${randomUUID().slice(0, 8)}`;
  const config = loadConfig({
    APP_ENV: 'test',
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: services.dynamoDbEndpoint,
    COGNITO_ISSUER: services.issuer,
    COGNITO_JWKS_URL: services.jwksUrl,
    LOCAL_OUTBOX_DIR: services.outboxDir,
    ...overrides,
  });
  const { client, doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
  await ensureAppTable(client, tableName);
  const logLines: Array<Record<string, unknown>> = [];
  const deps: AppDeps = {
    config,
    verifyToken: createTokenVerifier(config.cognito),
    businessConfigs: createBusinessConfigRepository(doc, tableName),
    rateLimiter: createRateLimiter(doc, tableName),
    logger: createLogger((line) => logLines.push(JSON.parse(line) as Record<string, unknown>)),
    localOutbox: createLocalOutbox(services.outboxDir),
  };
  return { app: createApp(deps), deps, doc, client, tableName, logLines, services };
}
