import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createNotificationRepository } from './notification-records';
export { createNotificationRepository } from './notification-records';
export type { NotificationRepository } from './notification-records';
export { conversationStartMarker } from './start-marker';

/** The owner's notification preferences, once-claims, due markers and digest recipients. */
export function notificationsRecords({ doc, tableName }: RecordStore) {
  return {
    notifications: createNotificationRepository(doc, tableName),
  };
}
