import { createHash } from 'node:crypto';
import { AREA_CODES } from '@shared/area-codes';
import type { AvailablePhoneNumber } from '@shared/schemas/phone-numbers';
import { localInventory } from './local-inventory';
import { NumberUnavailableError, type NumberSearch, type TelephonyProvider } from './index';

const matches = (wanted: string | undefined, actual: string | undefined) =>
  !wanted || (actual ?? '').toLowerCase() === wanted.trim().toLowerCase();

/**
 * The local telephony provider: searches answer from the deterministic inventory like Twilio's
 * AvailablePhoneNumbers (filtered by country, area code, region, locality; postal codes are not known
 * locally and do not narrow), without the numbers somebody holds; buying checks the number is in stock.
 */
export function createLocalTelephony(deps: { heldAmong(numbers: string[]): Promise<Set<string>> }) {
  const inStock = (phoneNumber: string) => {
    const areaCode = phoneNumber.slice(2, 5);
    return localInventory(areaCode).some((n) => n.phone_number === phoneNumber);
  };

  const provider: TelephonyProvider = {
    name: 'local',

    async searchAvailable(search: NumberSearch) {
      const areaCodes = AREA_CODES.filter(
        (a) => a.country === search.country && (!search.areaCode || a.code === search.areaCode),
      );
      const found: AvailablePhoneNumber[] = [];
      // Area code by area code, so a country-wide search reads only the reservations it needs.
      for (const areaCode of areaCodes) {
        const stock = localInventory(areaCode.code).filter(
          (n) => matches(search.region, n.region) && matches(search.locality, n.locality),
        );
        if (stock.length === 0) continue;
        const held = await deps.heldAmong(stock.map((n) => n.phone_number));
        found.push(...stock.filter((n) => !held.has(n.phone_number)));
        if (found.length >= search.limit) break;
      }
      return found.slice(0, search.limit);
    },

    async purchase({ phoneNumber }) {
      if (!inStock(phoneNumber)) {
        throw new NumberUnavailableError(`${phoneNumber} is not available for purchase`);
      }
      // Twilio-shaped sid ('PN' + 32 hex), stable per number.
      return { sid: `PN${createHash('sha256').update(phoneNumber).digest('hex').slice(0, 32)}` };
    },

    // The number returns to the inventory when its reservation is deleted; nothing else to give back.
    async release() {},
  };
  return provider;
}
