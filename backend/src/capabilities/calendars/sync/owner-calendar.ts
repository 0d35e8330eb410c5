import type { CalendarConnectionRecord, CalendarConnectionRepository } from '../records/calendar-connections';
import type { Logger } from '../../../platform/logging/logger';
import {
  CalendarAuthError,
  type BusyInterval,
  type CalendarApi,
  type NewCalendarEvent,
} from '../../../providers/calendar/calendar-api-types';
import type { ConnectionTokens } from '../connection-tokens';
import type { CalendarProviders } from '../../../providers/calendar/port';
import type { CalendarService } from '@shared/calendar';
import type { StaffMember } from '@shared/schemas/calendar-model';

/**
 * The owner's connected calendar as the assistant uses it (docs/decisions/142): its busy times count against
 * availability, and every booking, move and cancellation is mirrored as an event. Without a usable
 * connection (none, expired, revoked, or the vendor down) every call is a no-op and the assistant books into
 * the internal calendar alone; the Business Calendar feed mirrors bookings either way.
 */
export type OwnerCalendar = {
  busy(ownerId: string, from: Date, to: Date): Promise<BusyInterval[]>;
  /**
   * A staff member's own calendar's busy times, read through the owner's connection of that vendor
   * (docs/decisions/183). Not connected or the vendor down: none (their bookings still block), never throws.
   */
  busyOf(ownerId: string, calendar: StaffCalendar, from: Date, to: Date): Promise<BusyInterval[]>;
  /**
   * Mirrors a new booking. `conflict`: the calendar already held something at that time (booked there
   * directly a moment ago); the owner's calendar wins, so no event is left and the booking must be undone.
   * `mirrorOnly`: a booking of a named staff member, whose times the owner's calendar does not decide (it
   * holds every stylist's bookings side by side), so nothing there is a conflict (docs/decisions/183).
   */
  add(
    ownerId: string,
    event: NewCalendarEvent,
    options?: { mirrorOnly?: boolean },
  ): Promise<{ eventId?: string; conflict: boolean }>;
  move(ownerId: string, eventId: string, slot: { start: Date; end: Date }): Promise<void>;
  remove(ownerId: string, eventId: string): Promise<void>;
  /** The connected scheduler's booking page when bookings must be made there (Calendly), else undefined. */
  bookingLink(ownerId: string): Promise<string | undefined>;
};

/** Where a staff member's own calendar lives: one of the owner's connected vendors, and its id there. */
export type StaffCalendar = NonNullable<StaffMember['calendar']>;

type Outcome<T> = { ok: true; value: T } | { ok: false };

export function createOwnerCalendar(deps: {
  connections: Pick<
    CalendarConnectionRepository,
    'list' | 'markExpired' | 'noteSyncFailed' | 'noteSyncWorked'
  >;
  calendar: Pick<CalendarProviders, 'apiFor'>;
  tokens: Pick<ConnectionTokens, 'accessToken'>;
  logger: Logger;
}): OwnerCalendar {
  /**
   * One token request at a time per connection: a search reads the owner's calendar and every staff
   * calendar of the same connection in parallel, and parallel refreshes would spend a single-use refresh
   * token twice (Calendly), leaving the connection expired. Callers that arrive meanwhile share the answer.
   */
  const pending = new Map<string, Promise<string | undefined>>();
  function accessToken(ownerId: string, record: CalendarConnectionRecord, refresh: boolean) {
    const key = `${ownerId}\u0000${record.service}\u0000${refresh}`;
    const inFlight = pending.get(key);
    if (inFlight) return inFlight;
    const asked = deps.tokens
      .accessToken(ownerId, record, refresh ? { refresh: true } : undefined)
      .finally(() => pending.delete(key));
    pending.set(key, asked);
    return asked;
  }

  /** The owner's connections; parallel reads of one search (owner's and staff calendars) share one query. */
  const listing = new Map<string, ReturnType<typeof deps.connections.list>>();
  function connectionsOf(ownerId: string) {
    const inFlight = listing.get(ownerId);
    if (inFlight) return inFlight;
    const asked = deps.connections.list(ownerId).finally(() => listing.delete(ownerId));
    listing.set(ownerId, asked);
    return asked;
  }

  /**
   * Runs `work` on the owner's connected calendar (of `service`, when given); a refused token is refreshed
   * once, then given up.
   */
  async function withCalendar<T>(
    ownerId: string,
    action: string,
    work: (api: CalendarApi, token: string) => Promise<T>,
    service?: CalendarService,
  ): Promise<Outcome<T>> {
    const record = (await connectionsOf(ownerId)).find(
      (c) => c.status === 'connected' && (!service || c.service === service),
    );
    if (service && !record)
      deps.logger.warn('A staff calendar’s service is not connected; only their bookings block them', {
        ownerId,
        service,
        action,
      });
    const api = record && deps.calendar.apiFor(record.service);
    if (!record || !api) return { ok: false };
    try {
      const token = await accessToken(ownerId, record, false);
      if (!token) return { ok: false };
      let value: T;
      try {
        value = await work(api, token);
      } catch (error) {
        if (!(error instanceof CalendarAuthError)) throw error;
        const renewed = await accessToken(ownerId, record, true);
        if (!renewed) return { ok: false };
        try {
          value = await work(api, renewed);
        } catch (again) {
          // A token fresh from the vendor refused: access was taken away (scope removed, account disabled).
          if (again instanceof CalendarAuthError) await deps.connections.markExpired(ownerId, record.service);
          throw again;
        }
      }
      if (record.last_sync_failed_at)
        await noted(deps.connections.noteSyncWorked(ownerId, record.service, record.last_sync_failed_at));
      return { ok: true, value };
    } catch (error) {
      deps.logger.warn('Connected calendar unavailable; the internal calendar stands', {
        ownerId,
        service: record.service,
        action,
        reason: (error as Error).message,
      });
      // Unreachable or failing (not a refusal, which expired it above): the owner is told the last sync
      // failed, and that reconnecting is not needed.
      if (!(error instanceof CalendarAuthError))
        await noted(deps.connections.noteSyncFailed(ownerId, record.service));
      return { ok: false };
    }
  }

  /** Noting how the vendor answered never fails the booking it came with. */
  async function noted(write: Promise<void>) {
    try {
      await write;
    } catch (error) {
      deps.logger.warn('Calendar sync note not stored', { reason: (error as Error).message });
    }
  }

  return {
    async busy(ownerId, from, to) {
      const found = await withCalendar(ownerId, 'busy', (api, token) => api.busy(token, from, to));
      return found.ok ? found.value : [];
    },

    async busyOf(ownerId, calendar, from, to) {
      try {
        const found = await withCalendar(
          ownerId,
          'staff busy',
          (api, token) => api.busy(token, from, to, calendar.calendar_ref),
          calendar.service,
        );
        return found.ok ? found.value : [];
      } catch (error) {
        // The connections table unreadable: a staff calendar never stops a search.
        deps.logger.warn('Staff calendar unavailable', { ownerId, reason: (error as Error).message });
        return [];
      }
    },

    async add(ownerId, event, options) {
      const done = await withCalendar(ownerId, 'add', async (api, token) => {
        const { id } = await api.createEvent(token, event);
        if (options?.mirrorOnly) return { eventId: id, conflict: false };
        // Google has no conditional insert: read the slot back. Anything else there now was booked in the
        // calendar itself at the same moment, and the owner's calendar is the truth.
        const others = (await api.events(token, event.start, event.end)).filter((e) => e.id !== id);
        if (others.length === 0) return { eventId: id, conflict: false };
        await api.deleteEvent(token, id);
        return { conflict: true };
      });
      return done.ok ? done.value : { conflict: false };
    },

    async move(ownerId, eventId, slot) {
      await withCalendar(ownerId, 'move', (api, token) => api.moveEvent(token, eventId, slot));
    },

    async remove(ownerId, eventId) {
      await withCalendar(ownerId, 'remove', (api, token) => api.deleteEvent(token, eventId));
    },

    async bookingLink(ownerId) {
      const record = (await deps.connections.list(ownerId)).find((c) => c.status === 'connected');
      return record?.scheduling_url;
    },
  };
}
