import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createMessagingRegistrationRepository } from './messaging-registrations';
export { createMessagingRegistrationRepository } from './messaging-registrations';
export type { MessagingRegistrationRepository } from './messaging-registrations';

/** Owners' A2P 10DLC registrations. */
export function messagingRegistrationRecords({ doc, tableName }: RecordStore) {
  return {
    messagingRegistrations: createMessagingRegistrationRepository(doc, tableName),
  };
}
