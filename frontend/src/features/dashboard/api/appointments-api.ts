import type {
  CancelAppointmentResponse,
  DashboardAppointmentsResponse,
} from '@shared/schemas/dashboard-appointments';
import { apiRequest } from '../../../lib/api-client';

/** The Appointments tab's calls: upcoming appointments, and cancel (the caller is texted). */
export const appointmentsApi = {
  upcoming: (userId: string) =>
    apiRequest<DashboardAppointmentsResponse>(`/oauth/users/${encodeURIComponent(userId)}/appointments`, {
      action: 'load appointments',
    }),
  cancel: (userId: string, appointmentId: string) =>
    apiRequest<CancelAppointmentResponse>(
      `/oauth/users/${encodeURIComponent(userId)}/appointments/${encodeURIComponent(appointmentId)}/cancel`,
      { method: 'POST', body: {}, action: 'cancel the appointment' },
    ),
};
