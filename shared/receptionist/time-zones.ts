import { AREA_CODES } from '../area-codes';
import { areaCodeOfPhone } from '../phone/phone-number';

/**
 * The business's time zone (issue 9 §4): step 1 pre-fills it from the looked-up place's address, the typed
 * address or the phone's area code, and the owner can change it. Booking, the assistant's sense of "today"
 * and analytics' "after hours" all use it. US and Canada only, like the product.
 */
export const BUSINESS_TIME_ZONES = [
  { id: 'America/New_York', label: 'Eastern (New York, Toronto)' },
  { id: 'America/Chicago', label: 'Central (Chicago, Winnipeg)' },
  { id: 'America/Denver', label: 'Mountain (Denver, Calgary)' },
  { id: 'America/Phoenix', label: 'Mountain, no DST (Phoenix)' },
  { id: 'America/Los_Angeles', label: 'Pacific (Los Angeles, Vancouver)' },
  { id: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { id: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { id: 'America/Halifax', label: 'Atlantic (Halifax)' },
  { id: 'America/St_Johns', label: 'Newfoundland (St. John’s)' },
  { id: 'America/Regina', label: 'Central, no DST (Regina)' },
] as const;
export type BusinessTimeZone = (typeof BUSINESS_TIME_ZONES)[number]['id'];
export const BUSINESS_TIME_ZONE_IDS = BUSINESS_TIME_ZONES.map((z) => z.id) as [
  BusinessTimeZone,
  ...BusinessTimeZone[],
];
/** Used when nothing tells us better (the product's first market is the US East Coast). */
export const DEFAULT_TIME_ZONE: BusinessTimeZone = 'America/New_York';

const BY_REGION: Record<string, BusinessTimeZone> = {
  // Eastern
  CT: 'America/New_York',
  DC: 'America/New_York',
  DE: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  IN: 'America/New_York',
  KY: 'America/New_York',
  MA: 'America/New_York',
  MD: 'America/New_York',
  ME: 'America/New_York',
  MI: 'America/New_York',
  NC: 'America/New_York',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NY: 'America/New_York',
  OH: 'America/New_York',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  VA: 'America/New_York',
  VT: 'America/New_York',
  WV: 'America/New_York',
  ON: 'America/New_York',
  QC: 'America/New_York',
  // Central
  AL: 'America/Chicago',
  AR: 'America/Chicago',
  IA: 'America/Chicago',
  IL: 'America/Chicago',
  KS: 'America/Chicago',
  LA: 'America/Chicago',
  MN: 'America/Chicago',
  MO: 'America/Chicago',
  MS: 'America/Chicago',
  ND: 'America/Chicago',
  NE: 'America/Chicago',
  OK: 'America/Chicago',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  WI: 'America/Chicago',
  MB: 'America/Chicago',
  SK: 'America/Regina',
  // Mountain and Pacific
  CO: 'America/Denver',
  ID: 'America/Denver',
  MT: 'America/Denver',
  NM: 'America/Denver',
  UT: 'America/Denver',
  WY: 'America/Denver',
  AB: 'America/Denver',
  AZ: 'America/Phoenix',
  CA: 'America/Los_Angeles',
  NV: 'America/Los_Angeles',
  OR: 'America/Los_Angeles',
  WA: 'America/Los_Angeles',
  BC: 'America/Los_Angeles',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  NS: 'America/Halifax',
  NB: 'America/Halifax',
  PE: 'America/Halifax',
  NL: 'America/St_Johns',
};

/** Two-letter state or province of a "City, ST 12345" address, when it names one we know. */
function regionOf(address: string | undefined): string | undefined {
  const matches = [...(address ?? '').matchAll(/(?:^|[\s,])([A-Z]{2})(?=\s+[\dA-Z]\d|\s*(?:,|$))/g)];
  return matches
    .map((m) => m[1]!)
    .reverse()
    .find((code) => code in BY_REGION);
}

/** Best guess from the address, else the phone's area code; undefined when neither says. */
export function guessTimeZone(input: { address?: string; phone?: string }): BusinessTimeZone | undefined {
  const region = regionOf(input.address);
  if (region) return BY_REGION[region];
  const areaCode = areaCodeOfPhone(input.phone);
  const location = AREA_CODES.find((a) => a.code === areaCode)?.location;
  const state = location?.split(',').at(-1)?.trim();
  return state ? BY_REGION[state] : undefined;
}
