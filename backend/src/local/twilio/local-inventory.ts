import { findAreaCode, type AreaCode } from '@shared/area-codes';
import type { AvailablePhoneNumber } from '@shared/schemas/phone-numbers';

/**
 * The local provider's stock of numbers. Every area code has a long, fixed sequence of numbers (a
 * permutation seeded by the code), so the same area code always offers the same numbers in the same order, a
 * person can come back to a number, tests can name one, and however many owners sign up locally a search
 * still finds free numbers further down the sequence (reservations, not the stock, say who holds what).
 *
 * The sequence starts with the 555-0110..0199 lines North America keeps for fiction, then continues through
 * the other 555 lines, which are unassigned (the directory-assistance and reserved lines are left out). The
 * local provider never dials anyone, so these numbers never reach a real subscriber.
 */

/** Small markets where only one number is stocked, so step 4's 'Last Available' badge can be seen. */
export const LAST_NUMBER_AREA_CODES = ['907', '867'];

/** 555-0101..0103 are the sample numbers the wizard shows when a search fails: never in stock. */
const FICTION_LINES = { first: 110, last: 199 };
/** 555 lines that are assigned or reserved (directory assistance, 555-4334), never handed out. */
const RESERVED_LINES = new Set([1212, 4334]);
const OVERFLOW_LINES = Array.from({ length: 10_000 - 200 }, (_, i) => 200 + i).filter(
  (line) => !RESERVED_LINES.has(line),
);
const FICTION_COUNT = FICTION_LINES.last - FICTION_LINES.first + 1;
/** How many numbers a (non-small) area code has in stock: 90 fictional lines + the overflow. */
export const STOCK_PER_AREA_CODE = FICTION_COUNT + OVERFLOW_LINES.length;

/** FNV-1a: a stable 32-bit seed from the area code. */
function seedOf(text: string) {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * index → position in 0..size-1, a bijection: (step * index + offset) mod size with step coprime to size.
 * Lazy, so a search reads a few numbers without building thousands.
 */
function permutation(size: number, seed: number) {
  let step = (seed % (size - 1)) + 1;
  while (gcd(step, size) !== 1) step += 1;
  const offset = (seed >>> 8) % size;
  return (index: number) => (step * index + offset) % size;
}

const pad = (line: number) => String(line).padStart(4, '0');

function stockSize(areaCode: string) {
  return LAST_NUMBER_AREA_CODES.includes(areaCode) ? 1 : STOCK_PER_AREA_CODE;
}

/** The line (last four digits) at a position of an area code's sequence. */
function lineAt(areaCode: string, index: number): number {
  const seed = seedOf(areaCode);
  if (index < FICTION_COUNT) return FICTION_LINES.first + permutation(FICTION_COUNT, seed)(index);
  return OVERFLOW_LINES[
    permutation(OVERFLOW_LINES.length, (seed ^ 0x9e3779b9) >>> 0)(index - FICTION_COUNT)
  ]!;
}

function toNumber(areaCode: AreaCode, line: number): AvailablePhoneNumber {
  const [locality, region] = areaCode.location.split(',').map((part) => part.trim());
  return {
    phone_number: `+1${areaCode.code}555${pad(line)}`,
    friendly_name: `(${areaCode.code}) 555-${pad(line)}`,
    ...(locality ? { locality } : {}),
    ...(region ? { region } : {}),
  };
}

/**
 * The numbers of an area code's sequence from position `start`, at most `count` of them (fewer at the end
 * of the stock); none for a code outside the built-in list.
 */
export function localStockPage(areaCode: string, start: number, count: number): AvailablePhoneNumber[] {
  const known = findAreaCode(areaCode);
  if (!known) return [];
  const end = Math.min(stockSize(known.code), start + count);
  const page: AvailablePhoneNumber[] = [];
  for (let index = Math.max(0, start); index < end; index += 1)
    page.push(toNumber(known, lineAt(known.code, index)));
  return page;
}

/** Whether the local provider stocks this E.164 number (step 4 can only buy stocked numbers). */
export function isInLocalStock(phoneNumber: string): boolean {
  const match = /^\+1(\d{3})555(\d{4})$/.exec(phoneNumber);
  if (!match) return false;
  const [, areaCode, lineText] = match as unknown as [string, string, string];
  if (!findAreaCode(areaCode)) return false;
  const line = Number(lineText);
  if (LAST_NUMBER_AREA_CODES.includes(areaCode)) return line === lineAt(areaCode, 0);
  const fiction = line >= FICTION_LINES.first && line <= FICTION_LINES.last;
  return fiction || (line >= 200 && !RESERVED_LINES.has(line));
}
