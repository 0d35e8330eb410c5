import { Hono } from 'hono';
import { z } from 'zod';
import { e164PhoneSchema } from '@shared/schemas/phone-number';
import type { KeywordReplyBusiness } from '@shared/carrier-keywords';
import { formatPhoneForText } from '@shared/sms';
import { toE164Phone } from '@shared/phone/phone-number';
import type { AppData, AppEnv } from '../../entry/app-types';
import { badRequest, HttpError } from '../../platform/errors/http-error';
import type { Logger } from '../../platform/logging/logger';
import type { LocalThreadMessage, LocalTwilioAccount } from './local-account';
import { deliverLocalSms, UnknownLocalNumberError } from './local-sms-delivery';
import { LOCAL_PHONE_PATH, localPhonePage } from './local-phone-page';
import { LOCAL_PHONE_SCRIPT } from './local-phone-script';
import { LOCAL_PHONE_CALL_SCRIPT } from './local-phone-call-script';

const e164 = e164PhoneSchema({ rule: 'possible', message: 'must be a phone number in +15551234567 form' });

const sendSchema = z.object({
  assistant: e164,
  caller: e164,
  // Longer than one SMS on purpose: the webhook's polite answer to an oversized text can be tried here.
  body: z.string().min(1, 'must not be empty').max(2000),
});
const threadQuery = z.object({ assistant: e164, caller: e164 });

const invalid = (error: z.ZodError) => {
  const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return badRequest(`Invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`, details);
};

type LocalPhoneOptions = {
  account: LocalTwilioAccount;
  data: Pick<AppData, 'phoneReservations' | 'businessConfigs'>;
  authToken: string;
  logger: Logger;
  now: () => Date;
  /** Sends a request to our own app (the same Hono app's fetch), as Twilio would over HTTPS. */
  dispatch: (request: Request) => Promise<Response>;
  /** Texts the assistant sent through the provider's API (confirmations, links), for the thread view. */
  sentTexts?: (assistantNumber: string, caller: string) => Promise<LocalThreadMessage[]>;
};

/**
 * The local telephony provider's phone page (mounted only with local providers): texts go to the number's
 * SMS webhook signed like Twilio's, and the thread shows what the caller sent, the TwiML replies and the
 * texts the assistant sent through the provider.
 */
export function localPhoneRoutes(options: LocalPhoneOptions) {
  const { account, data, logger, now } = options;

  const configOf = async (phoneNumber: string) => {
    const reservation = await data.phoneReservations.get(phoneNumber);
    if (!reservation) return undefined;
    return data.businessConfigs.getConfig(reservation.owner_id);
  };
  /**
   * What the number's messaging service says in its keyword auto-replies: deployed, the same template
   * rendered for the owner when their messaging service is configured (docs/decisions/168).
   */
  const keywordBusinessOf = async (phoneNumber: string): Promise<KeywordReplyBusiness> => {
    const config = await configOf(phoneNumber);
    return {
      name: config?.business_name?.trim() || 'This business',
      phone: formatPhoneForText(config?.phone_number),
      website: config?.website?.trim() || undefined,
      // A business that serves Spanish answers keywords in English and Spanish (decision 174).
      languages: config?.languages,
    };
  };

  return new Hono<AppEnv>()
    .get(LOCAL_PHONE_PATH, (c) => c.html(localPhonePage()))
    .get(`${LOCAL_PHONE_PATH}/app.js`, (c) =>
      c.body(LOCAL_PHONE_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
    )
    .get(`${LOCAL_PHONE_PATH}/call.js`, (c) =>
      c.body(LOCAL_PHONE_CALL_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
    )
    .get(`${LOCAL_PHONE_PATH}/numbers`, async (c) => {
      const numbers = await account.listNumbers();
      const listed = await Promise.all(
        numbers.map(async (n) => {
          const config = await configOf(n.phone_number);
          return {
            phone_number: n.phone_number,
            friendly_name: `(${n.phone_number.slice(2, 5)}) ${n.phone_number.slice(5, 8)}-${n.phone_number.slice(8)}`,
            business_name: config?.business_name ?? null,
            // The business line a forwarded call comes through (the page's "Call the business number").
            business_phone: toE164Phone(config?.phone_number, 'possible') ?? null,
          };
        }),
      );
      return c.json({ numbers: listed });
    })
    .get(`${LOCAL_PHONE_PATH}/messages`, async (c) => {
      const query = threadQuery.safeParse(c.req.query());
      if (!query.success) throw invalid(query.error);
      const { assistant, caller } = query.data;
      const [exchanged, sent] = await Promise.all([
        account.thread(assistant, caller),
        options.sentTexts?.(assistant, caller) ?? Promise.resolve([]),
      ]);
      const messages = [...exchanged, ...sent].sort((a, b) => a.at.localeCompare(b.at));
      return c.json({ messages });
    })
    .post(`${LOCAL_PHONE_PATH}/messages`, async (c) => {
      const parsed = sendSchema.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) throw invalid(parsed.error);
      const { assistant, caller, body } = parsed.data;
      const sentAt = now();
      let delivery;
      try {
        delivery = await deliverLocalSms({
          account,
          business: keywordBusinessOf,
          authToken: options.authToken,
          dispatch: options.dispatch,
          from: caller,
          to: assistant,
          body,
        });
      } catch (error) {
        if (error instanceof UnknownLocalNumberError) {
          throw new HttpError(404, 'not_found', 'That number is not one of the local assistant numbers.');
        }
        throw error;
      }
      const answeredAt = Math.max(now().getTime(), sentAt.getTime() + 1);
      await account.logMessage(assistant, caller, {
        sid: delivery.messageSid,
        direction: 'inbound',
        body,
        at: sentAt.toISOString(),
      });
      // Replies come after the text they answer (and after texts the assistant sent meanwhile).
      for (const [index, reply] of delivery.replies.entries()) {
        await account.logMessage(assistant, caller, {
          sid: `${delivery.messageSid}-reply-${index}`,
          direction: 'outbound',
          body: reply,
          at: new Date(answeredAt + index).toISOString(),
        });
      }
      if (delivery.blocked > 0)
        logger.info('local_sms_replies_blocked', {
          message_sid: delivery.messageSid,
          blocked: delivery.blocked,
        });
      if (delivery.status !== 200) {
        logger.error('local_sms_delivery_failed', {
          message_sid: delivery.messageSid,
          status: delivery.status,
        });
        throw new HttpError(502, 'webhook_failed', `The SMS webhook answered ${delivery.status}.`);
      }
      return c.json({ message_sid: delivery.messageSid, replies: delivery.replies });
    });
}
