export { createReminderPlanning } from './planning';
export type { ReminderPlanning } from './planning';
export { createReminderSender, REMINDER_LOOKBACK_HOURS } from './sweep';
export type { OwnerReminderResult, ReminderSender } from './sweep';
export { remindersFromApp } from './reminders-from-app';
export type { Reminders } from './reminders-from-app';
export type { RemindersDeps } from './deps';
