import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { CalendarsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { badRequest } from '../../platform/errors/http-error';
import { calendlyEventUuid } from '../../providers/calendar/calendly-api';
import { verifyCalendlySignature } from '../../providers/calendar/calendly-webhook-signature';
import { ProviderNotConfiguredError } from '../../platform/config/not-configured';
import { signedWebhookRoute } from '../../platform/http/openapi-helpers';
import { CALENDLY_WEBHOOK_PATH } from '../../platform/http/webhook-paths';

export { CALENDLY_WEBHOOK_PATH } from '../../platform/http/webhook-paths';

/** The parts of Calendly's webhook envelope and invitee payload the confirmation reads. */
export const calendlyWebhookSchema = z.object({
  event: z.string(),
  payload: z.object({
    uri: z.string().min(1).max(500),
    name: z.string().max(200).optional(),
    scheduled_event: z.object({
      uri: z.string().min(1).max(500),
      start_time: z.iso.datetime({ offset: true }),
      end_time: z.iso.datetime({ offset: true }).optional(),
    }),
    tracking: z
      .object({ utm_content: z.string().max(100).nullable().optional() })
      .partial()
      .optional(),
  }),
});

const answerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['booked', 'cancelled', 'already', 'conflict', 'unknown', 'ignored', 'duplicate']),
});

const route = signedWebhookRoute(
  CALENDLY_WEBHOOK_PATH,
  "Calendly's invitee.created / invitee.canceled for a booking made through the assistant's scheduling link, verified by Calendly-Webhook-Signature",
  answerSchema,
  calendlyWebhookSchema,
);

/**
 * Calendly has no booking API (docs/decisions/151): the assistant texts the owner's scheduling link with a
 * token, and this webhook confirms what the caller booked there. The signature is checked over the raw body
 * first; a booking made on Calendly without the assistant's token is not ours to record (answered 200 so
 * Calendly does not retry it). Each invitee is handled once (its uri is the event id).
 */
export const calendlyWebhookRoutes = (deps: CalendarsDeps) => {
  const app = new OpenAPIHono<AppEnv>();
  app.openAPIRegistry.registerPath(route);
  return app.post(CALENDLY_WEBHOOK_PATH, async (c) => {
    const key = deps.config.calendarOAuth.calendlyWebhookSigningKey;
    if (!key) {
      throw new ProviderNotConfiguredError('calendar', [
        { key: 'CALENDLY_WEBHOOK_SIGNING_KEY', reason: 'missing' },
      ]);
    }
    const rawBody = await c.req.text();
    try {
      verifyCalendlySignature(rawBody, c.req.header('calendly-webhook-signature'), key, deps.now());
    } catch {
      throw badRequest('Invalid webhook signature');
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw badRequest('The body is not JSON');
    }
    const parsed = calendlyWebhookSchema.safeParse(body);
    if (!parsed.success) throw badRequest('Not a Calendly invitee event');
    const { event, payload } = parsed.data;
    const token = payload.tracking?.utm_content;
    const answer = (outcome: z.infer<typeof answerSchema>['outcome']) =>
      c.json({ received: true as const, outcome }, 200);
    if (!token || !['invitee.created', 'invitee.canceled'].includes(event)) return answer('ignored');
    // An invitee is created once and cancelled once: each of its events is handled once.
    const eventId = `${event}:${payload.uri}`;
    const { subscriptions } = deps.data;
    const claim = await subscriptions.claimWebhookEvent('calendly', eventId, event);
    if (claim === 'duplicate') return answer('duplicate');
    try {
      const outcome =
        event === 'invitee.canceled'
          ? await deps.receptionist.schedulerCancelled(token)
          : await deps.receptionist.schedulerBooked({
              token,
              eventId: calendlyEventUuid(payload.scheduled_event.uri),
              start: new Date(payload.scheduled_event.start_time),
              end: payload.scheduled_event.end_time ? new Date(payload.scheduled_event.end_time) : undefined,
              inviteeName: payload.name,
            });
      deps.logger.info('calendly_event', { event, outcome });
      return answer(outcome);
    } catch (error) {
      await subscriptions.releaseWebhookEvent('calendly', eventId);
      deps.logger.error('webhook.failed', { provider: 'calendly', error: String(error) });
      throw error;
    }
  });
};
