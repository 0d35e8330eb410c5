import { z } from 'zod';
import { REGISTRATION_STATES } from '../messaging-registration-states';
import { CALENDAR_SERVICES } from '../calendar';
import { LANGUAGES } from '../language';
import { dashboardAppointmentSchema } from './dashboard-appointments';
import { forwardingStatusSchema } from './forwarding';

/** GET /oauth/users/{userId}/overview (issue 13 §3): the dashboard's live Overview, computed on each request. */

/** One period's figures (the business's today, or this week from Monday). Test conversations never count. */
export const overviewPeriodSchema = z.object({
  conversations: z.number().int().min(0),
  /** Conversations that ended booked (deposit paid or not). */
  bookings: z.number().int().min(0),
  deposits_collected_cents: z.number().int().min(0),
  /** Messages the assistant took for the owner that are not marked handled. */
  messages_waiting: z.number().int().min(0),
  /** Calls answered while the business was closed (shared/overview.ts isMissedCallSaved). */
  missed_calls_saved: z.number().int().min(0),
});
export type OverviewPeriod = z.infer<typeof overviewPeriodSchema>;

export const liveCallSchema = z.object({
  id: z.string(),
  caller: z.string(),
  started_at: z.iso.datetime(),
});
export type LiveCall = z.infer<typeof liveCallSchema>;

/** Medians in milliseconds over this week's customer conversations; null when there is none to measure. */
export const timeToAnswerSchema = z.object({
  median_ms: z.number().int().min(0).nullable(),
  voice_median_ms: z.number().int().min(0).nullable(),
  sms_median_ms: z.number().int().min(0).nullable(),
  samples: z.number().int().min(0),
});
export type TimeToAnswer = z.infer<typeof timeToAnswerSchema>;

export const ASSISTANT_ISSUE_KINDS = [
  'payment_failed',
  'subscription_lapsed',
  'no_number',
  'calendar_expired',
  'calendar_unreachable',
  'texting_not_registered',
] as const;
export const assistantIssueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['payment_failed', 'subscription_lapsed', 'no_number']) }),
  z.object({ kind: z.literal('calendar_expired'), service: z.enum(CALENDAR_SERVICES) }),
  /**
   * Connected, but the vendor could not be reached the last time the assistant used it (decision 142,
   * session 42): a note, not a problem to fix; the assistant stays Active.
   */
  z.object({ kind: z.literal('calendar_unreachable'), service: z.enum(CALENDAR_SERVICES) }),
  /** Texts to US numbers are held until the A2P campaign is approved (docs/decisions/169). */
  z.object({ kind: z.literal('texting_not_registered'), registration_state: z.enum(REGISTRATION_STATES) }),
]);
export type AssistantIssue = z.infer<typeof assistantIssueSchema>;

export const ASSISTANT_STATES = ['active', 'attention', 'paused'] as const;
export const assistantStatusSchema = z.object({
  /** paused: it cannot answer; attention: it answers but something needs fixing; active: all good. */
  state: z.enum(ASSISTANT_STATES),
  label: z.string(),
  issues: z.array(assistantIssueSchema),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

/** A message the assistant took that the owner has not marked handled yet. */
export const waitingMessageSchema = z.object({
  id: z.string(),
  taken_at: z.iso.datetime(),
  name: z.string(),
  callback_number: z.string(),
  reason: z.string(),
  channel: z.string(),
  /** The language the caller left it in (the reason is their own words); absent = English. */
  language: z.enum(LANGUAGES).optional(),
});
export type WaitingMessage = z.infer<typeof waitingMessageSchema>;

/** POST /oauth/users/{userId}/messages/{messageId}/handled: the message's taken_at locates it (its key). */
export const markMessageHandledSchema = z.object({ taken_at: z.iso.datetime() }).strict();
export const messageHandledResponseSchema = z.object({ id: z.string(), handled_at: z.iso.datetime() });
export type MessageHandledResponse = z.infer<typeof messageHandledResponseSchema>;

export const overviewResponseSchema = z.object({
  /** IANA zone "today" and "this week" are counted in (the business's). */
  time_zone: z.string(),
  generated_at: z.iso.datetime(),
  today: overviewPeriodSchema,
  this_week: overviewPeriodSchema,
  upcoming_appointments: z.array(dashboardAppointmentSchema),
  live_calls: z.array(liveCallSchema),
  /** This week's waiting messages, newest first (OVERVIEW_WAITING_SHOWN at most). */
  waiting_messages: z.array(waitingMessageSchema),
  time_to_answer: timeToAnswerSchema,
  status: assistantStatusSchema,
  /** Forwarding from the business line: verified by a forwarded call, and when one was last seen. */
  forwarding: forwardingStatusSchema,
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;
