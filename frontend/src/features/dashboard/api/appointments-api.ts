import type {
  CancelAppointmentResponse,
  DashboardAppointmentsResponse,
} from '@shared/schemas/dashboard-appointments';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

/** The Appointments tab's calls: upcoming appointments, and cancel (the caller is texted). */
export const appointmentsApi = {
  upcoming: (userId: string) =>
    apiRequest<DashboardAppointmentsResponse>(`${ownerPath(userId)}/appointments`, {
      action: 'load appointments',
    }),
  cancel: (userId: string, appointmentId: string) =>
    apiRequest<CancelAppointmentResponse>(
      `${ownerPath(userId)}/appointments/${encodeURIComponent(appointmentId)}/cancel`,
      { method: 'POST', body: {}, action: 'cancel the appointment' },
    ),
};
