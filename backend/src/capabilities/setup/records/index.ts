import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createBusinessConfigRepository } from './business-config';
import { createObjectivesRepository } from './objectives';
export { createBusinessConfigRepository } from './business-config';
export type { BusinessConfigRepository, StoredBusinessConfig } from './business-config';
export { createObjectivesRepository } from './objectives';
export type { ObjectivesRepository, StoredObjective } from './objectives';

/** Business configurations and objectives. */
export function setupRecords({ doc, tableName, now }: RecordStore) {
  return {
    businessConfigs: createBusinessConfigRepository(doc, tableName, now),
    objectives: createObjectivesRepository(doc, tableName, now),
  };
}
