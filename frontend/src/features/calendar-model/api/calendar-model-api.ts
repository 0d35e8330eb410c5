import type { calendarModelSchema, CalendarModel } from '@shared/schemas/calendar-model';
import type {
  calendarModelWriteSchema,
  calendarSettingsSchema,
  serviceSuggestionsSchema,
} from '@shared/schemas/calendar-model-api';
import type { oauthConnectionsResponseSchema } from '@shared/schemas/calendar';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

/** A write's options: the model version the editor saw, and the owner's choice to cancel stranded bookings. */
export type WriteOptions = { version?: number; cancelAffected?: boolean };

const query = ({ version, cancelAffected }: WriteOptions) => {
  const params = new URLSearchParams();
  if (version !== undefined) params.set('version', String(version));
  if (cancelAffected) params.set('cancel_affected', 'true');
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The calendar model and its settings (docs/decisions/183). Writes answer with what they stored. */
export const calendarModelApi = {
  model: (userId: string) =>
    apiRequest<typeof calendarModelSchema>(`${ownerPath(userId)}/calendar-model`, {
      action: 'load your services and staff',
    }),
  settings: (userId: string) =>
    apiRequest<typeof calendarSettingsSchema>(`${ownerPath(userId)}/calendar-settings`, {
      action: 'load your hours',
    }),
  suggestions: (userId: string) =>
    apiRequest<typeof serviceSuggestionsSchema>(`${ownerPath(userId)}/calendar-model/suggestions`, {
      action: 'load suggestions',
    }),
  /** The owner's calendar connections: a staff member's own calendar is one of them. */
  connections: () =>
    apiRequest<typeof oauthConnectionsResponseSchema>('/oauth/connections', {
      action: 'load your calendar connections',
    }),
  /** POST/PUT/DELETE of a service, staff member or resource ("services", "services/sv_…"). */
  writeModel: (
    userId: string,
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    options: WriteOptions,
  ) =>
    apiRequest<typeof calendarModelWriteSchema>(
      `${ownerPath(userId)}/calendar-model/${path}${query(options)}`,
      { method, ...(body === undefined ? {} : { body }), action: 'save your services and staff' },
    ),
  /** PUT opening-hours / slot-grid, POST/PUT/DELETE closures. */
  writeSettings: (
    userId: string,
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    options: WriteOptions,
  ) =>
    apiRequest<typeof calendarSettingsSchema>(`${ownerPath(userId)}/${path}${query(options)}`, {
      method,
      ...(body === undefined ? {} : { body }),
      action: 'save your hours',
    }),
};

export type { CalendarModel };
