import twilio from 'twilio';
import {
  NumberUnavailableError,
  RecipientOptedOutError,
  TelephonyError,
  type NumberWebhooks,
  type TelephonyProvider,
} from './port';

/** Twilio's error codes for a number that cannot be bought (gone, or taken since the search). */
const UNAVAILABLE_CODES = new Set([21421, 21422, 21452]);

type TwilioFailure = { status?: number; code?: number; message?: string };

function translate(error: unknown, action: string): Error {
  const failure = error as TwilioFailure;
  if (failure.code !== undefined && UNAVAILABLE_CODES.has(failure.code)) {
    return new NumberUnavailableError(failure.message ?? 'Phone number is not available');
  }
  if (failure.code === RecipientOptedOutError.CODE) {
    return new RecipientOptedOutError(`Twilio ${action} failed: ${failure.message ?? String(error)}`);
  }
  // The vendor's own text stays in our logs (via the error), never in the response.
  return new TelephonyError(`Twilio ${action} failed: ${failure.message ?? String(error)}`, failure.status);
}

/** IncomingPhoneNumber's webhook fields: calls, call status changes and texts, all POSTed to us. */
const webhookFields = (webhooks: NumberWebhooks) => ({
  voiceUrl: webhooks.voiceUrl,
  voiceMethod: 'POST',
  statusCallback: webhooks.statusCallbackUrl,
  statusCallbackMethod: 'POST',
  smsUrl: webhooks.smsUrl,
  smsMethod: 'POST',
});

/**
 * Twilio adapter: AvailablePhoneNumbers/{country}/Local for search, IncomingPhoneNumbers to buy (with the
 * voice and SMS webhooks pointed at our API) and to release. `apiBase` points the SDK at another host
 * (tests/fakes/twilio).
 */
export function createTwilioTelephony(options: {
  accountSid: string;
  authToken: string;
  apiBase?: string;
}): TelephonyProvider {
  const client = twilio(options.accountSid, options.authToken, { autoRetry: false });
  if (options.apiBase) client.api.baseUrl = options.apiBase;

  return {
    name: 'twilio',

    async searchAvailable(search) {
      try {
        const numbers = await client.availablePhoneNumbers(search.country).local.list({
          ...(search.areaCode ? { areaCode: Number(search.areaCode) } : {}),
          ...(search.region ? { inRegion: search.region } : {}),
          ...(search.locality ? { inLocality: search.locality } : {}),
          ...(search.postalCode ? { inPostalCode: search.postalCode } : {}),
          // Numbers that can take the assistant's calls and texts.
          voiceEnabled: true,
          smsEnabled: true,
          limit: search.limit,
        });
        return numbers.map((n) => ({
          phone_number: n.phoneNumber,
          friendly_name: n.friendlyName,
          ...(n.locality ? { locality: n.locality } : {}),
          ...(n.region ? { region: n.region } : {}),
        }));
      } catch (error) {
        throw translate(error, 'number search');
      }
    },

    async purchase({ phoneNumber, ...webhooks }) {
      try {
        const bought = await client.incomingPhoneNumbers.create({ phoneNumber, ...webhookFields(webhooks) });
        return { sid: bought.sid };
      } catch (error) {
        throw translate(error, 'number purchase');
      }
    },

    async sendSms({ from, to, body }) {
      try {
        const message = await client.messages.create({ from, to, body });
        return { sid: message.sid };
      } catch (error) {
        throw translate(error, 'message send');
      }
    },

    async listNumbers() {
      try {
        // Every page: an operator command, not a request path.
        const numbers = await client.incomingPhoneNumbers.list({ pageSize: 1000 });
        return numbers.map((n) => ({
          sid: n.sid,
          phoneNumber: n.phoneNumber,
          ...(n.voiceUrl ? { voiceUrl: n.voiceUrl } : {}),
          ...(n.smsUrl ? { smsUrl: n.smsUrl } : {}),
          ...(n.statusCallback ? { statusCallbackUrl: n.statusCallback } : {}),
        }));
      } catch (error) {
        throw translate(error, 'number list');
      }
    },

    async pointWebhooks(sid, webhooks) {
      try {
        await client.incomingPhoneNumbers(sid).update(webhookFields(webhooks));
      } catch (error) {
        throw translate(error, 'number update');
      }
    },

    async release(sid) {
      try {
        await client.incomingPhoneNumbers(sid).remove();
      } catch (error) {
        // Already released (404) is what we wanted.
        if ((error as TwilioFailure).status === 404) return;
        throw translate(error, 'number release');
      }
    },
  };
}
