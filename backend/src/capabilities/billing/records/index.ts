import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createSubscriptionRepository } from './subscriptions';
import { createWaitlistRepository } from './waitlists';
export { createSubscriptionRepository } from './subscriptions';
export type { SubscriptionRepository } from './subscriptions';
export { createWaitlistRepository } from './waitlists';
export type { WaitlistRepository } from './waitlists';

/** Subscriptions and the waitlist. */
export function billingRecords({ doc, tableName, now }: RecordStore) {
  return {
    subscriptions: createSubscriptionRepository(doc, tableName, now),
    waitlists: createWaitlistRepository(doc, tableName, now),
  };
}
