import { createHash, randomBytes } from 'node:crypto';
import { AREA_CODES } from '@shared/area-codes';
import type { AvailablePhoneNumber } from '@shared/schemas/phone-numbers';
import { isInLocalStock, localStockPage } from './local-inventory';
import type { LocalTwilioAccount } from './local-account';
import {
  NumberUnavailableError,
  RecipientOptedOutError,
  TelephonyError,
  type NumberSearch,
  type TelephonyProvider,
} from '../../providers/telephony/port';

const matches = (wanted: string | undefined, actual: string | undefined) =>
  !wanted || (actual ?? '').toLowerCase() === wanted.trim().toLowerCase();

/** Numbers read per reservation look-up while walking an area code's stock. */
const PAGE_SIZE = 25;

/**
 * The local telephony provider: searches answer from the deterministic inventory like Twilio's
 * AvailablePhoneNumbers (filtered by country, area code, region, locality; postal codes are not known
 * locally and do not narrow), without the numbers somebody holds; buying checks the number is in stock.
 * Held numbers are skipped by walking further down the area code's sequence, so a search keeps finding
 * free numbers however many owners signed up.
 */
export function createLocalTelephony(deps: {
  heldAmong(numbers: string[]): Promise<Set<string>>;
  /** The local account's number list (local-account.ts); the phone page texts the numbers in it. */
  account?: Pick<
    LocalTwilioAccount,
    'recordNumber' | 'removeBySid' | 'logMessage' | 'listNumbers' | 'pointWebhooks' | 'isOptedOut'
  >;
}) {
  /** The first `wanted` free numbers of one area code's sequence. */
  async function freeNumbers(areaCode: string, wanted: number) {
    const found: AvailablePhoneNumber[] = [];
    for (let start = 0; found.length < wanted; start += PAGE_SIZE) {
      const page = localStockPage(areaCode, start, PAGE_SIZE);
      if (page.length === 0) break;
      const held = await deps.heldAmong(page.map((n) => n.phone_number));
      found.push(...page.filter((n) => !held.has(n.phone_number)));
    }
    return found.slice(0, wanted);
  }

  const provider: TelephonyProvider = {
    name: 'local',

    async searchAvailable(search: NumberSearch) {
      const areaCodes = AREA_CODES.filter((a) => {
        const [locality, region] = a.location.split(',').map((part) => part.trim());
        return (
          a.country === search.country &&
          (!search.areaCode || a.code === search.areaCode) &&
          matches(search.region, region) &&
          matches(search.locality, locality)
        );
      });
      const found: AvailablePhoneNumber[] = [];
      // Area code by area code, so a country-wide search reads only the reservations it needs.
      for (const areaCode of areaCodes) {
        if (found.length >= search.limit) break;
        found.push(...(await freeNumbers(areaCode.code, search.limit - found.length)));
      }
      return found;
    },

    async purchase({ phoneNumber, smsUrl, voiceUrl, statusCallbackUrl }) {
      if (!isInLocalStock(phoneNumber)) {
        throw new NumberUnavailableError(`${phoneNumber} is not available for purchase`);
      }
      // Twilio-shaped sid ('PN' + 32 hex), stable per number.
      const sid = `PN${createHash('sha256').update(phoneNumber).digest('hex').slice(0, 32)}`;
      await deps.account?.recordNumber({
        phone_number: phoneNumber,
        sid,
        sms_url: smsUrl,
        voice_url: voiceUrl,
        status_callback_url: statusCallbackUrl,
      });
      return { sid };
    },

    async listNumbers() {
      const numbers = (await deps.account?.listNumbers()) ?? [];
      return numbers.map((n) => ({
        sid: n.sid,
        phoneNumber: n.phone_number,
        voiceUrl: n.voice_url,
        smsUrl: n.sms_url,
        ...(n.status_callback_url ? { statusCallbackUrl: n.status_callback_url } : {}),
      }));
    },

    async pointWebhooks(sid, webhooks) {
      if (!(await deps.account?.pointWebhooks(sid, webhooks)))
        throw new TelephonyError(`No number ${sid} on the local account`, 404);
    },

    // The number returns to the inventory when its reservation is deleted; the account forgets it.
    async release(sid) {
      await deps.account?.removeBySid(sid);
    },

    // Outbound texts land in the (assistant number, caller) thread the local phone page shows. Like Twilio,
    // a text to someone who opted out of the number is refused (error 21610) and never delivered.
    async sendSms({ from, to, body }) {
      if (await deps.account?.isOptedOut(from, to))
        throw new RecipientOptedOutError(
          'Twilio message send failed: Attempt to send to unsubscribed recipient (21610)',
        );
      const sid = `SM${randomBytes(16).toString('hex')}`;
      await deps.account?.logMessage(from, to, {
        sid,
        direction: 'outbound',
        body,
        at: new Date().toISOString(),
      });
      return { sid };
    },
  };
  return provider;
}
