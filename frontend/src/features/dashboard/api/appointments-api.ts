import type {
  CreateAppointment,
  ownerBookingResponseSchema,
  ownerSlotsResponseSchema,
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
  /** Open times of one day for a service and staff member (docs/decisions/183, "The assistant"). */
  openSlots: (userId: string, query: { date: string; service_id?: string; staff_id?: string }) =>
    apiRequest<typeof ownerSlotsResponseSchema>(
      `${ownerPath(userId)}/appointments/open-slots?${new URLSearchParams(query).toString()}`,
      { action: 'load open times' },
    ),
  create: (userId: string, body: CreateAppointment) =>
    apiRequest<typeof ownerBookingResponseSchema>(`${ownerPath(userId)}/appointments`, {
      method: 'POST',
      body,
      action: 'book the appointment',
    }),
  move: (userId: string, appointmentId: string, start: string) =>
    apiRequest<typeof ownerBookingResponseSchema>(
      `${ownerPath(userId)}/appointments/${encodeURIComponent(appointmentId)}/move`,
      { method: 'POST', body: { start }, action: 'move the appointment' },
    ),
};
