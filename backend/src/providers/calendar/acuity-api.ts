import { z } from 'zod';
import {
  CalendarUnavailableError,
  type CalendarApi,
  type CalendarApiOptions,
  type CalendarEvent,
} from './calendar-api-types';
import { createVendorJsonClient } from './vendor-json-client';

export const ACUITY_API_BASE = 'https://acuityscheduling.com';

const appointmentSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  datetime: z.string(),
  duration: z.union([z.number(), z.string()]).transform(Number),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  type: z.string().optional(),
  canceled: z.boolean().optional(),
});
const blockSchema = z.object({ start: z.string(), end: z.string() });
const typeSchema = z.object({
  id: z.number(),
  duration: z.union([z.number(), z.string()]).transform(Number),
  active: z.union([z.boolean(), z.string()]).optional(),
});

/** Acuity writes offsets without a colon ("…T14:00:00-0500"); Date wants one. */
const instant = (value: string) => new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

/**
 * Acuity Scheduling's API v1 (availability is its booked appointments and blocked-off time; bookings are
 * appointments). Appointments are written as the account's admin (`admin=true`, no Acuity e-mail to the
 * client: the assistant texts its own confirmation), so the same-moment check is the read-back the
 * assistant does for every calendar (docs/decisions/142).
 */
export function createAcuityApi(options: CalendarApiOptions = {}): CalendarApi {
  const { call, parse } = createVendorJsonClient({
    vendor: 'Acuity',
    root: `${(options.baseUrl ?? ACUITY_API_BASE).replace(/\/+$/, '')}/api/v1`,
    fetch: options.fetch,
    forbiddenIsAuth: () => true,
  });
  /** `calendarID` narrows both appointments and blocks to one of the account's calendars (a staff member's). */
  const range = (from: Date, to: Date, calendarRef?: string) =>
    new URLSearchParams({
      minDate: from.toISOString(),
      maxDate: to.toISOString(),
      max: '1000',
      ...(calendarRef ? { calendarID: calendarRef } : {}),
    });

  async function appointments(
    accessToken: string,
    from: Date,
    to: Date,
    calendarRef?: string,
  ): Promise<CalendarEvent[]> {
    const list = parse(
      z.array(appointmentSchema),
      await call(accessToken, 'GET', `/appointments?${range(from, to, calendarRef)}`),
    );
    return list
      .filter((a) => !a.canceled)
      .map((a) => {
        const start = instant(a.datetime);
        return {
          id: a.id,
          start,
          end: new Date(start.getTime() + a.duration * 60_000),
          summary: [a.type, [a.firstName, a.lastName].filter(Boolean).join(' ')].filter(Boolean).join(': '),
        };
      })
      .filter((e) => e.start < to && e.end > from);
  }

  return {
    async account(accessToken) {
      return parse(z.object({ email: z.string() }), await call(accessToken, 'GET', '/me')).email;
    },

    async busy(accessToken, from, to, calendarRef) {
      const [booked, blocks] = await Promise.all([
        appointments(accessToken, from, to, calendarRef),
        call(accessToken, 'GET', `/blocks?${range(from, to, calendarRef)}`).then((body) =>
          parse(z.array(blockSchema), body),
        ),
      ]);
      return [
        ...booked.map(({ start, end }) => ({ start, end })),
        ...blocks.map((block) => ({ start: instant(block.start), end: instant(block.end) })),
      ];
    },

    events: appointments,

    async createEvent(accessToken, event) {
      const types = parse(z.array(typeSchema), await call(accessToken, 'GET', '/appointment-types'));
      const active = types.filter((t) => t.active !== false && t.active !== 'false');
      const minutes = Math.round((event.end.getTime() - event.start.getTime()) / 60_000);
      const type = active.find((t) => t.duration === minutes) ?? active[0];
      if (!type) throw new CalendarUnavailableError('Acuity has no active appointment type to book');
      const [firstName = 'Caller', ...rest] = (event.customer?.name ?? event.summary).trim().split(/\s+/);
      const created = await call(accessToken, 'POST', '/appointments?admin=true&noEmail=true', {
        appointmentTypeID: type.id,
        datetime: event.start.toISOString(),
        firstName,
        lastName: rest.join(' ') || '-',
        ...(event.customer?.phone ? { phone: event.customer.phone } : {}),
        notes: event.description,
      });
      return { id: parse(appointmentSchema.pick({ id: true }), created).id };
    },

    async moveEvent(accessToken, id, slot) {
      await call(accessToken, 'PUT', `/appointments/${encodeURIComponent(id)}/reschedule?admin=true`, {
        datetime: slot.start.toISOString(),
      });
    },

    async deleteEvent(accessToken, id) {
      // Cancelling an appointment that is already gone succeeds: the outcome is the same.
      const path = `/appointments/${encodeURIComponent(id)}/cancel?admin=true&noEmail=true`;
      await call(accessToken, 'PUT', path, {}, { goneIsDone: true });
    },
  };
}
