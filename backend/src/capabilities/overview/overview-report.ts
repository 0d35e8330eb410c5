import type { RegistrationState } from '@shared/schemas/messaging-registration';
import { businessClockOf } from '@shared/analytics';
import type { CalendarService } from '@shared/calendar';
import {
  assistantStatus,
  liveCalls,
  OVERVIEW_UPCOMING_COUNT,
  overviewPeriods,
  periodFigures,
  timeToAnswer,
  waitingMessages,
  type OverviewMessage,
  type OverviewRecord,
} from '@shared/overview';
import { forwardingStatus } from '@shared/forwarding';
import type { BusinessConfig } from '@shared/schemas/business-config';
import type { DashboardAppointment } from '@shared/schemas/dashboard-appointments';
import type { OverviewResponse } from '@shared/schemas/overview';
import type { CalendarConnectionRecord } from '../calendars/records/index';

/**
 * A stored calendar connection the assistant can no longer use: marked expired (a refresh failed), or an
 * access token past its expiry with no refresh token to renew it. A due token that can be refreshed is not
 * expired: the next use refreshes it.
 */
export function isConnectionExpired(
  record: Pick<CalendarConnectionRecord, 'status' | 'token_expires_at' | 'refresh_token_enc'>,
  now: Date,
): boolean {
  if (record.status === 'expired') return true;
  return (
    record.token_expires_at !== undefined &&
    record.token_expires_at <= now.getTime() &&
    !record.refresh_token_enc
  );
}

export type OverviewInputs = {
  now: Date;
  config:
    | Pick<BusinessConfig, 'time_zone' | 'business_hours' | 'assistant_phone' | 'phone_number' | 'forwarding'>
    | undefined;
  subscriptionStatus: string;
  /** The A2P registration's state (docs/decisions/169). */
  textingRegistration?: RegistrationState;
  calendars: ReadonlyArray<
    Pick<
      CalendarConnectionRecord,
      'service' | 'status' | 'token_expires_at' | 'refresh_token_enc' | 'last_sync_failed_at'
    >
  >;
  /** Conversations from this week's start (or earlier, for calls still live) up to now. */
  records: readonly OverviewRecord[];
  /** Owner messages taken since this week's start. */
  messages: readonly OverviewMessage[];
  /** Booked appointments that have not started, soonest first. */
  upcoming: readonly DashboardAppointment[];
};

/** Pure: everything the Overview shows, from what the route read by key (overview-routes.ts). */
export function overviewReport(input: OverviewInputs): OverviewResponse {
  const clock = businessClockOf(input.config ?? {});
  const { todayStart, weekStart } = overviewPeriods(input.now, clock.timeZone);
  const thisWeek = input.records.filter(
    (r) => r.channel !== 'test' && Date.parse(r.started_at) >= weekStart.getTime(),
  );
  return {
    time_zone: clock.timeZone,
    generated_at: input.now.toISOString(),
    today: periodFigures(input.records, input.messages, todayStart, clock),
    this_week: periodFigures(input.records, input.messages, weekStart, clock),
    upcoming_appointments: input.upcoming.slice(0, OVERVIEW_UPCOMING_COUNT),
    live_calls: liveCalls(input.records, input.now),
    waiting_messages: waitingMessages(input.messages),
    time_to_answer: timeToAnswer(thisWeek),
    status: assistantStatus({
      subscriptionStatus: input.subscriptionStatus,
      assistantPhone: input.config?.assistant_phone,
      ...(input.textingRegistration ? { textingRegistration: input.textingRegistration } : {}),
      expiredCalendars: input.calendars
        .filter((c) => isConnectionExpired(c, input.now))
        .map((c) => c.service as CalendarService),
      // Connected, and its vendor did not answer last time (decision 142): an expired one says only that.
      unreachableCalendars: input.calendars
        .filter((c) => c.last_sync_failed_at && !isConnectionExpired(c, input.now))
        .map((c) => c.service as CalendarService),
    }),
    forwarding: forwardingStatus(input.config ?? {}),
  };
}
