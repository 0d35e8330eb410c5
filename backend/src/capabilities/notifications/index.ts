export { createNotificationsHandler } from './event-handler';
export { NOTIFICATION_JOBS, createNotificationJobs } from './jobs';
export type { NotificationJobs } from './jobs';
export { createNotifier } from './notifier';
export { notifierFromApp } from './notifier-from-app';
export type { Notifier } from './notifier';
export { createUnsubscribeTokens } from './unsubscribe-token';
