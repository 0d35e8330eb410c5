import type {
  cancelAppointmentResponseSchema,
  dashboardAppointmentsResponseSchema,
} from '@shared/schemas/dashboard-appointments';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

/** The Appointments tab's calls: upcoming appointments, and cancel (the caller is texted). */
export const appointmentsApi = {
  upcoming: (userId: string) =>
    apiRequest<typeof dashboardAppointmentsResponseSchema>(`${ownerPath(userId)}/appointments`, {
      action: 'load appointments',
    }),
  cancel: (userId: string, appointmentId: string) =>
    apiRequest<typeof cancelAppointmentResponseSchema>(
      `${ownerPath(userId)}/appointments/${encodeURIComponent(appointmentId)}/cancel`,
      { method: 'POST', body: {}, action: 'cancel the appointment' },
    ),
};
