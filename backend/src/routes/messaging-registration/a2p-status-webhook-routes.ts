import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../../app-types';
import { badRequest, forbidden, HttpError } from '../../errors/http-error';
import { a2pEventBatchSchema, registrationEventOf } from '../../messaging-registration/a2p-events';
import type { MessagingRegistrations } from '../../messaging-registration/registration-service';
import { ProviderNotConfiguredError } from '../../providers/not-configured';
import { isValidTwilioJsonSignature } from '../../providers/telephony/webhook-signature';
import { TWILIO_WEBHOOK_PATHS } from '../../webhook-paths';
import { signedWebhookRoute } from '../openapi-helpers';
import { signedUrlOf, TWILIO_WEBHOOK_MAX_BYTES } from '../twilio-webhooks/twilio-request';

export const A2P_STATUS_WEBHOOK_PATH = TWILIO_WEBHOOK_PATHS.messagingRegistration;

const answerSchema = z.object({ received: z.number().int(), applied: z.number().int() });

/**
 * POST /webhooks/twilio/messaging-registration: Twilio's A2P brand and campaign events (a JSON array of CloudEvents from
 * the Event Streams webhook sink), X-Twilio-Signature checked over the URL with its bodySHA256 before
 * anything is parsed; each event then moves its owner's registration (registration-service.ts). Events about
 * brands nobody here registered are acknowledged and ignored, so Twilio does not retry them forever.
 */
export const a2pStatusWebhookRoutes = (
  deps: Pick<AppDeps, 'config' | 'logger'>,
  registrations: Pick<MessagingRegistrations, 'handleEvent'>,
) => {
  const app = new OpenAPIHono<AppEnv>();
  app.openAPIRegistry.registerPath(
    signedWebhookRoute(A2P_STATUS_WEBHOOK_PATH, "Twilio's A2P 10DLC status events, signed", answerSchema),
  );
  return app.post(A2P_STATUS_WEBHOOK_PATH, async (c) => {
    const authToken = deps.config.twilioWebhookAuthToken;
    if (!authToken) {
      throw new ProviderNotConfiguredError('telephony', [{ key: 'TWILIO_AUTH_TOKEN', reason: 'missing' }]);
    }
    if (Number(c.req.header('content-length') ?? 0) > TWILIO_WEBHOOK_MAX_BYTES)
      throw new HttpError(413, 'payload_too_large', 'Request body too large');
    const raw = await c.req.text();
    if (raw.length > TWILIO_WEBHOOK_MAX_BYTES)
      throw new HttpError(413, 'payload_too_large', 'Request body too large');
    const url = signedUrlOf(c.req.url, deps.config.publicApiUrl);
    if (!isValidTwilioJsonSignature(authToken, c.req.header('x-twilio-signature'), url, raw)) {
      throw forbidden('Invalid Twilio signature');
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw badRequest('Invalid request: the body is not JSON');
    }
    const parsed = a2pEventBatchSchema.safeParse(json);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest(
        `Invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
        details,
      );
    }
    let applied = 0;
    // In order: Twilio sends a brand's events in the order they happened.
    for (const cloudEvent of parsed.data) {
      const event = registrationEventOf(cloudEvent);
      if (!event) continue;
      const outcome = await registrations.handleEvent(event);
      if (outcome === 'applied') applied++;
      deps.logger.info('A2P status event', { event_id: cloudEvent.id, type: cloudEvent.type, outcome });
    }
    return c.json({ received: parsed.data.length, applied }, 200);
  });
};
