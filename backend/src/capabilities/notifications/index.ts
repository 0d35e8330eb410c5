export { createNotificationsHandler } from './event-handler';
export { NOTIFICATION_JOBS, createNotificationJobs } from './jobs';
export type { NotificationJobs } from './jobs';
export { createNotificationRepository } from './notification-records';
export type { NotificationRepository } from './notification-records';
export { createNotifier } from './notifier';
export type { Notifier } from './notifier';
export { createUnsubscribeTokens } from './unsubscribe-token';
