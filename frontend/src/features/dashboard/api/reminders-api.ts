import type { ReminderSettingsInput, reminderSettingsResponseSchema } from '@shared/schemas/reminders';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

const path = (userId: string) => `${ownerPath(userId)}/reminders`;

/** Appointment reminders (docs/decisions/175-reminders.md): GET answers the defaults until saved. */
export const remindersApi = {
  get: (userId: string) =>
    apiRequest<typeof reminderSettingsResponseSchema>(path(userId), { action: 'load reminder settings' }),
  save: (userId: string, settings: ReminderSettingsInput) =>
    apiRequest<typeof reminderSettingsResponseSchema>(path(userId), {
      method: 'PUT',
      body: settings,
      action: 'save reminder settings',
    }),
};
