import { z } from 'zod';
import { CALENDAR_SERVICES, CONNECTION_STATUSES } from '../calendar';
import { isPhoneTyping } from '../phone/phone-number';

/** Request and response bodies of the calendar endpoints (spec §7). */
export const calendarServiceSchema = z.enum(CALENDAR_SERVICES);

export const oauthConnectionSchema = z.object({
  service: calendarServiceSchema,
  status: z.enum(CONNECTION_STATUSES),
  /** The vendor account connected (Google: its e-mail), when known. */
  account: z.string().optional(),
  /** Local mode only: the local vendor's calendar page, where its events show and can be added. */
  calendar_page_url: z.string().optional(),
  /**
   * The vendor could not be reached the last time it was used (network, 5xx), while connected: the owner is
   * told, and told not to reconnect. Absent once a later use worked.
   */
  last_sync_failed_at: z.iso.datetime().optional(),
});
export type OAuthConnection = z.infer<typeof oauthConnectionSchema>;

export const oauthConnectionsResponseSchema = z.object({ connections: z.array(oauthConnectionSchema) });
export type OAuthConnectionsResponse = z.infer<typeof oauthConnectionsResponseSchema>;

export const oauthAuthUrlResponseSchema = z.object({
  auth_url: z.string(),
  service: calendarServiceSchema,
});
export type OAuthAuthUrlResponse = z.infer<typeof oauthAuthUrlResponseSchema>;

const phoneSchema = z
  .string()
  .trim()
  .max(20)
  .refine(isPhoneTyping, 'Phone numbers hold digits, spaces, ( ) . - and a leading +');

/** Both fields optional: the stored config fills what is missing; no phone at all is a 400 with spec text. */
export const createCalendarRequestSchema = z.object({
  assistant_phone: phoneSchema.optional(),
  business_name: z.string().trim().max(200).optional(),
});
export type CreateCalendarRequest = z.infer<typeof createCalendarRequestSchema>;

export const botCalendarSchema = z.object({
  calendar_id: z.string(),
  name: z.string(),
  assistant_email: z.string(),
  business_name: z.string(),
  created_at: z.string(),
});
export type BotCalendar = z.infer<typeof botCalendarSchema>;

export const createCalendarResponseSchema = z.object({
  success: z.boolean(),
  created: z.boolean(),
  calendar: botCalendarSchema,
});

/** user_email optional in the schema so that its absence answers with the spec's own text. */
export const shareCalendarRequestSchema = z.object({
  user_email: z.string().trim().max(320).optional(),
  assistant_phone: phoneSchema.optional(),
});
export type ShareCalendarRequest = z.infer<typeof shareCalendarRequestSchema>;

/** The Business Calendar's private subscription link (issue 12 §2); the URL exists only when just issued. */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  /** Shown once: only the token's hash is stored, so a later read cannot give the link back. */
  url: z.string().optional(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const shareCalendarResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  feed: calendarFeedSchema.optional(),
});
export type ShareCalendarResponse = z.infer<typeof shareCalendarResponseSchema>;
