/**
 * Step 4 phone selection data and rules (spec §2 step 4, §5, §9): the fixed built-in list of
 * US and Canadian area codes, the default search, and the sample numbers the wizard shows
 * when the phone lookup fails.
 */
import type { AvailablePhoneNumber } from './schemas/phone-numbers';
import { areaCodeOfPhone } from './phone/phone-number';

export type PhoneCountry = 'US' | 'CA';

export type AreaCode = { code: string; location: string; country: PhoneCountry };

/** Countries offered in step 4, in display order. */
export const PHONE_COUNTRIES: { code: PhoneCountry; name: string }[] = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
];

export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'US';
export const DEFAULT_AREA_CODE = '415';
/** Numbers are listed three at a time (spec §9). */
export const NUMBERS_PER_PAGE = 3;
export const SAMPLE_PHONE_PRICE = '$15/mo';

const us = (code: string, location: string): AreaCode => ({ code, location, country: 'US' });
const ca = (code: string, location: string): AreaCode => ({ code, location, country: 'CA' });

export const US_AREA_CODES: AreaCode[] = [
  us('201', 'Jersey City, NJ'),
  us('202', 'Washington, DC'),
  us('203', 'New Haven, CT'),
  us('205', 'Birmingham, AL'),
  us('206', 'Seattle, WA'),
  us('212', 'New York, NY'),
  us('213', 'Los Angeles, CA'),
  us('214', 'Dallas, TX'),
  us('215', 'Philadelphia, PA'),
  us('216', 'Cleveland, OH'),
  us('239', 'Fort Myers, FL'),
  us('248', 'Troy, MI'),
  us('253', 'Tacoma, WA'),
  us('281', 'Houston, TX'),
  us('301', 'Bethesda, MD'),
  us('303', 'Denver, CO'),
  us('305', 'Miami, FL'),
  us('310', 'Santa Monica, CA'),
  us('312', 'Chicago, IL'),
  us('313', 'Detroit, MI'),
  us('314', 'St. Louis, MO'),
  us('317', 'Indianapolis, IN'),
  us('323', 'Los Angeles, CA'),
  us('347', 'New York, NY'),
  us('404', 'Atlanta, GA'),
  us('407', 'Orlando, FL'),
  us('408', 'San Jose, CA'),
  us('410', 'Baltimore, MD'),
  us('412', 'Pittsburgh, PA'),
  us('414', 'Milwaukee, WI'),
  us('415', 'San Francisco, CA'),
  us('424', 'Los Angeles, CA'),
  us('425', 'Bellevue, WA'),
  us('469', 'Dallas, TX'),
  us('480', 'Mesa, AZ'),
  us('502', 'Louisville, KY'),
  us('503', 'Portland, OR'),
  us('504', 'New Orleans, LA'),
  us('505', 'Albuquerque, NM'),
  us('510', 'Oakland, CA'),
  us('512', 'Austin, TX'),
  us('513', 'Cincinnati, OH'),
  us('516', 'Long Island, NY'),
  us('518', 'Albany, NY'),
  us('520', 'Tucson, AZ'),
  us('602', 'Phoenix, AZ'),
  us('612', 'Minneapolis, MN'),
  us('614', 'Columbus, OH'),
  us('615', 'Nashville, TN'),
  us('617', 'Boston, MA'),
  us('619', 'San Diego, CA'),
  us('626', 'Pasadena, CA'),
  us('628', 'San Francisco, CA'),
  us('646', 'New York, NY'),
  us('650', 'San Mateo, CA'),
  us('678', 'Atlanta, GA'),
  us('702', 'Las Vegas, NV'),
  us('704', 'Charlotte, NC'),
  us('713', 'Houston, TX'),
  us('714', 'Anaheim, CA'),
  us('718', 'Brooklyn, NY'),
  us('720', 'Denver, CO'),
  us('773', 'Chicago, IL'),
  us('786', 'Miami, FL'),
  us('801', 'Salt Lake City, UT'),
  us('808', 'Honolulu, HI'),
  us('813', 'Tampa, FL'),
  us('816', 'Kansas City, MO'),
  us('818', 'Burbank, CA'),
  us('858', 'San Diego, CA'),
  us('904', 'Jacksonville, FL'),
  us('907', 'Anchorage, AK'),
  us('916', 'Sacramento, CA'),
  us('919', 'Raleigh, NC'),
  us('949', 'Irvine, CA'),
  us('954', 'Fort Lauderdale, FL'),
];

export const CA_AREA_CODES: AreaCode[] = [
  ca('204', 'Winnipeg, MB'),
  ca('226', 'London, ON'),
  ca('236', 'Vancouver, BC'),
  ca('249', 'Sudbury, ON'),
  ca('250', 'Victoria, BC'),
  ca('289', 'Hamilton, ON'),
  ca('306', 'Regina, SK'),
  ca('343', 'Ottawa, ON'),
  ca('365', 'Hamilton, ON'),
  ca('367', 'Quebec City, QC'),
  ca('403', 'Calgary, AB'),
  ca('416', 'Toronto, ON'),
  ca('418', 'Quebec City, QC'),
  ca('431', 'Winnipeg, MB'),
  ca('437', 'Toronto, ON'),
  ca('438', 'Montreal, QC'),
  ca('450', 'Laval, QC'),
  ca('506', 'Moncton, NB'),
  ca('514', 'Montreal, QC'),
  ca('519', 'Windsor, ON'),
  ca('548', 'Kitchener, ON'),
  ca('579', 'Longueuil, QC'),
  ca('581', 'Quebec City, QC'),
  ca('587', 'Edmonton, AB'),
  ca('604', 'Vancouver, BC'),
  ca('613', 'Ottawa, ON'),
  ca('639', 'Saskatoon, SK'),
  ca('647', 'Toronto, ON'),
  ca('672', 'Vancouver, BC'),
  ca('705', 'Barrie, ON'),
  ca('709', "St. John's, NL"),
  ca('778', 'Vancouver, BC'),
  ca('780', 'Edmonton, AB'),
  ca('782', 'Halifax, NS'),
  ca('807', 'Thunder Bay, ON'),
  ca('819', 'Gatineau, QC'),
  ca('825', 'Calgary, AB'),
  ca('867', 'Whitehorse, YT'),
  ca('873', 'Sherbrooke, QC'),
  ca('902', 'Halifax, NS'),
  ca('905', 'Mississauga, ON'),
];

/** The whole built-in list, US first. */
export const AREA_CODES: AreaCode[] = [...US_AREA_CODES, ...CA_AREA_CODES];

export const areaCodesFor = (country: PhoneCountry) => AREA_CODES.filter((a) => a.country === country);

export const findAreaCode = (code: string) => AREA_CODES.find((a) => a.code === code);

/**
 * Spec §5: a phone number with 10 or more digits yields its area code; an 11-digit number
 * has its leading 1 (the North American country code) dropped first.
 */
export const areaCodeFromPhone = (phone: string | null | undefined): string | undefined =>
  areaCodeOfPhone(phone);

/**
 * Step 4's initial search: from the config's business phone when it has an area code
 * (the country follows the built-in list; codes outside it are treated as US), else US/415.
 */
export function defaultPhoneSearch(configPhone: string | null | undefined): {
  country: PhoneCountry;
  areaCode: string;
} {
  const areaCode = areaCodeFromPhone(configPhone);
  if (!areaCode) return { country: DEFAULT_PHONE_COUNTRY, areaCode: DEFAULT_AREA_CODE };
  return { country: findAreaCode(areaCode)?.country ?? DEFAULT_PHONE_COUNTRY, areaCode };
}

/** Shown only when the phone lookup fails (spec §8). 555-01xx numbers are reserved for fiction. */
export const SAMPLE_PHONE_NUMBERS: AvailablePhoneNumber[] = [
  { phone_number: '+14155550101', friendly_name: '(415) 555-0101', price: SAMPLE_PHONE_PRICE },
  { phone_number: '+14155550102', friendly_name: '(415) 555-0102', price: SAMPLE_PHONE_PRICE },
  { phone_number: '+14155550103', friendly_name: '(415) 555-0103', price: SAMPLE_PHONE_PRICE },
];
