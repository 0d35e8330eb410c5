import type { RemindersDeps } from './deps';
import { createReminderPlanning } from './planning';
import { createReminderSender } from './sweep';

/** Reminders wired to the app: planning (bookings, moves, settings) and sending (the sweep's worker). */
export function remindersFromApp(deps: RemindersDeps) {
  return { planning: createReminderPlanning(deps), sender: createReminderSender(deps) };
}
export type Reminders = ReturnType<typeof remindersFromApp>;
