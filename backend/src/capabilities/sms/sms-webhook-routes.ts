import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { SmsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { badRequest } from '../../platform/errors/http-error';
import { TWILIO_WEBHOOK_PATHS } from '../../providers/telephony/port';
import { messagingResponse } from '../../providers/telephony/twiml-on-demand';
import { errorResponses, jsonContent } from '../../platform/http/openapi-helpers';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { callerPhoneSchema } from '@shared/schemas/phone-number';
import { handleInboundSms, type SmsAssistant } from './inbound-sms';
import { readSignedTwilioRequest } from '../../providers/telephony/twilio-request';

export const TWILIO_SMS_WEBHOOK_PATH = TWILIO_WEBHOOK_PATHS.sms;

/** The part of Twilio's inbound-message webhook the channel reads; Twilio sends many more fields. */
export const inboundSmsParamsSchema = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/, 'must be a Twilio message sid'),
  AccountSid: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account sid'),
  // Any country's caller, in canonical E.164 (docs/decisions/166-phone-numbers.md).
  From: callerPhoneSchema,
  To: callerPhoneSchema,
  // Longer bodies are answered politely by the channel, not refused: the texter is a person.
  Body: z.string().max(20_000).default(''),
  NumMedia: z.coerce.number().int().min(0).max(10).default(0),
  // Sent when the messaging service's Advanced Opt-Out matched a keyword (docs/decisions/168).
  OptOutType: z.string().max(20).optional(),
});

const route = createRoute({
  method: 'post',
  path: TWILIO_SMS_WEBHOOK_PATH,
  tags: ['webhooks'],
  summary: "Twilio's inbound SMS, verified by X-Twilio-Signature; answers Messaging TwiML",
  request: {
    body: {
      content: { 'application/x-www-form-urlencoded': { schema: inboundSmsParamsSchema } },
      required: true,
    },
  },
  responses: {
    200: {
      content: { 'text/xml': { schema: z.string() } },
      description: 'TwiML <Response> with the replies',
    },
    400: errorResponses[400],
    403: jsonContent(apiErrorSchema, 'Missing or wrong X-Twilio-Signature'),
    413: jsonContent(apiErrorSchema, 'Body too large'),
    500: errorResponses[500],
  },
});

/**
 * POST /webhooks/twilio/sms: the signature is checked over the form parameters before anything is parsed
 * further or stored; then the channel (inbound-sms.ts) decides and the replies go back as TwiML <Message>s.
 */
export const smsWebhookRoutes = (deps: SmsDeps, assistant: SmsAssistant) => {
  const app = new OpenAPIHono<AppEnv>();
  // Documented, but read by hand: the signature covers the raw form parameters, checked before validation.
  app.openAPIRegistry.registerPath(route);
  return app.post(TWILIO_SMS_WEBHOOK_PATH, async (c) => {
    const params = await readSignedTwilioRequest(c, {
      authToken: deps.config.twilioWebhookAuthToken,
      publicApiUrl: deps.config.publicApiUrl,
    });
    const parsed = inboundSmsParamsSchema.safeParse(params);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest(
        `Invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
        details,
      );
    }
    const { MessageSid, From, To, Body, NumMedia, OptOutType } = parsed.data;
    const result = await handleInboundSms(
      { messageSid: MessageSid, from: From, to: To, body: Body, numMedia: NumMedia, optOutType: OptOutType },
      {
        data: deps.data,
        assistant,
        rateLimiter: deps.rateLimiter,
        logger: deps.logger,
        ...(deps.webhooks ? { webhooks: deps.webhooks } : {}),
      },
    );
    // A reply is a text too: without an approved A2P campaign carriers block it (docs/decisions/169).
    const replies =
      result.replies.length > 0 && !(await deps.textingGate.allows(To, From)) ? [] : result.replies;
    // Numbers stay out of the log: the sid and the outcome are enough to follow a message.
    deps.logger.info('Inbound SMS handled', {
      messageSid: MessageSid,
      outcome: result.outcome,
      ...(replies.length < result.replies.length ? { replies_held: 'texting_not_registered' } : {}),
    });
    return c.body(await messagingResponse(replies), 200, { 'Content-Type': 'text/xml; charset=utf-8' });
  });
};
