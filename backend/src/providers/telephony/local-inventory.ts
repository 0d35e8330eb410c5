import { findAreaCode, type AreaCode } from '@shared/area-codes';
import type { AvailablePhoneNumber } from '@shared/schemas/phone-numbers';

/**
 * The local provider's stock of numbers: the same area code always offers the same numbers (a generator
 * seeded by the code), so a person can come back to a number and tests can name one. Numbers are in the
 * 555-0100..0199 range that North America keeps for fiction, never a real subscriber.
 */

/** Small markets where only one number is left, so step 4's 'Last Available' badge can be seen. */
export const LAST_NUMBER_AREA_CODES = ['907', '867'];
const MIN_STOCK = 4;
const MAX_STOCK = 9;

/** FNV-1a: a stable 32-bit seed from the area code. */
function seedOf(text: string) {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a tiny deterministic generator. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const formatFriendly = (areaCode: string, line: string) => `(${areaCode}) 555-${line}`;

function stockFor(areaCode: AreaCode): AvailablePhoneNumber[] {
  const random = generator(seedOf(areaCode.code));
  const size = LAST_NUMBER_AREA_CODES.includes(areaCode.code)
    ? 1
    : MIN_STOCK + Math.floor(random() * (MAX_STOCK - MIN_STOCK + 1));
  const [locality, region] = areaCode.location.split(',').map((part) => part.trim());
  const lines = new Set<string>();
  // 0110..0199: the three sample numbers (0101-0103) are never in stock.
  while (lines.size < size) lines.add(`01${10 + Math.floor(random() * 90)}`);
  return [...lines].sort().map((line) => ({
    phone_number: `+1${areaCode.code}555${line}`,
    friendly_name: formatFriendly(areaCode.code, line),
    ...(locality ? { locality } : {}),
    ...(region ? { region } : {}),
  }));
}

/** The whole stock of an area code from the built-in list; none for a code outside it. */
export function localInventory(areaCode: string): AvailablePhoneNumber[] {
  const known = findAreaCode(areaCode);
  return known ? stockFor(known) : [];
}
