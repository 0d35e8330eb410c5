import type {
  cancelAppointmentResponseSchema,
  dashboardAppointmentsResponseSchema,
  markAttendanceResponseSchema,
  MarkAttendance,
  pastAppointmentsResponseSchema,
} from '@shared/schemas/dashboard-appointments';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

/**
 * The Appointments tab's calls: upcoming appointments, and cancel (the caller is texted); recent ones and a
 * conversation's, with the owner's attended / no-show mark.
 */
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
  past: (userId: string) =>
    apiRequest<typeof pastAppointmentsResponseSchema>(`${ownerPath(userId)}/appointments/past`, {
      action: 'load recent appointments',
    }),
  ofConversation: (userId: string, conversationId: string, startedAt: string) =>
    apiRequest<typeof dashboardAppointmentsResponseSchema>(
      `${ownerPath(userId)}/conversations/${encodeURIComponent(conversationId)}/appointments?started_at=${encodeURIComponent(startedAt)}`,
      { action: "load the conversation's appointments" },
    ),
  mark: (userId: string, appointmentId: string, attendance: MarkAttendance['attendance']) =>
    apiRequest<typeof markAttendanceResponseSchema>(
      `${ownerPath(userId)}/appointments/${encodeURIComponent(appointmentId)}/attendance`,
      { method: 'POST', body: { attendance } satisfies MarkAttendance, action: 'mark the appointment' },
    ),
};
