import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createApiKeyRepository } from './api-keys';
import { createHookRepository } from './hooks';
export { createApiKeyRepository } from './api-keys';
export type { ApiKeyGrant, ApiKeyRepository, CreateKeyOutcome } from './api-keys';
export { createHookRepository } from './hooks';
export type { HookRepository, StoredHook, SubscribeOutcome } from './hooks';

/** The owner's API keys and the REST-hook subscriptions made with them. */
export function automationsRecords({ doc, tableName, now }: RecordStore) {
  return {
    apiKeys: createApiKeyRepository(doc, tableName, now),
    hooks: createHookRepository(doc, tableName, now),
  };
}
