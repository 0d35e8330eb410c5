import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * The one place phone numbers are read, checked and written (docs/decisions/166-phone-numbers.md), over
 * libphonenumber-js's compact metadata ('min': validity by country, no number types), which the browser
 * can afford on the screens that show numbers. Numbers without a plus are read as US/Canadian (spec §5:
 * "Phone numbers are treated as US/Canada"); with a plus, any country.
 */

/** Where the product buys numbers, transfers calls and starts texts: the US and Canada (spec §2 step 4). */
export const NORTH_AMERICAN_COUNTRIES = ['US', 'CA'] as const satisfies readonly CountryCode[];
export type NorthAmericanCountry = (typeof NORTH_AMERICAN_COUNTRIES)[number];

/** The North American Numbering Plan's calling code, shared by the US, Canada and some Caribbean countries. */
const NANP_CALLING_CODE = '1';
/** Mexico's calling code: its mobiles may still arrive with the '1' dropped from its numbering in 2019. */
const MEXICO_CALLING_CODE = '52';
/** How long a typed number may be before it is not read at all (15 digits and some punctuation). */
const MAX_TYPED_CHARS = 30;
/** What a person types in a number: digits, spaces, ( ) . - and one leading plus. Letters are refused. */
const PHONE_TYPING = /^\+?[\d\s().-]*$/;

/**
 * How far a number must check out:
 * - 'possible': the right length for its country. For numbers the phone network delivers (Twilio's From
 *   and To), which are real by definition; a range opened after the metadata was built must still ring.
 * - 'valid': inside a range its country's numbering plan assigns. For numbers people type or say.
 * - 'north-american': valid, and in the US or Canada. For numbers we buy, transfer calls to or text first.
 */
export type PhoneRule = 'possible' | 'valid' | 'north-american';

export type PhoneNumberParts = {
  /** '+525512345678': the form stored and used in keys. */
  e164: string;
  /** '52', without the plus. */
  callingCode: string;
  /** 'MX'; undefined when the number fits no country's plan (an unassigned area code). */
  country: CountryCode | undefined;
  /** The national significant number: '5512345678'. */
  national: string;
  possible: boolean;
  valid: boolean;
};

/**
 * Reads a number as typed or delivered: '+52 55 1234 5678', '(415) 555-0142', '1-415-555-0142'. Undefined
 * for text that is not a number (letters, nothing but punctuation, too long). A Mexican mobile in the old
 * form '+52 1 55 1234 5678' (Twilio still delivers some texts that way) becomes '+525512345678', so one
 * person has one number across calls, texts and opt-outs.
 */
export function parsePhone(text: string | null | undefined): PhoneNumberParts | undefined {
  const parsed = readPhoneNumber(text);
  return parsed ? partsOf(parsed) : undefined;
}

type ParsedPhone = NonNullable<ReturnType<typeof parsePhoneNumberFromString>>;

/**
 * parsePhone's reading, before any check: what only needs the number's length (formatting, tel: links) asks
 * `isPossible()` of it and skips `isValid()`, which walks the country's numbering plan (a few ms per number in
 * a phone's browser, inside the dashboard's render: issue 41 §4).
 */
function readPhoneNumber(text: string | null | undefined): ParsedPhone | undefined {
  const typed = (text ?? '').trim();
  if (typed.length > MAX_TYPED_CHARS || !isPhoneTyping(typed) || phoneDigits(typed) === '') return undefined;
  const parsed = parsePhoneNumberFromString(typed, { defaultCountry: 'US', extract: false });
  if (!parsed) return undefined;
  const national = String(parsed.nationalNumber);
  if (parsed.countryCallingCode === MEXICO_CALLING_CODE && national.length === 11 && national[0] === '1') {
    const current = parsePhoneNumberFromString(`+${MEXICO_CALLING_CODE}${national.slice(1)}`);
    if (current?.isValid()) return current;
  }
  return parsed;
}

function partsOf(parsed: ParsedPhone): PhoneNumberParts {
  return {
    e164: String(parsed.number),
    callingCode: String(parsed.countryCallingCode),
    country: parsed.country,
    national: String(parsed.nationalNumber),
    possible: parsed.isPossible(),
    valid: parsed.isValid(),
  };
}

const isNorthAmericanCountry = (country: CountryCode | undefined): country is NorthAmericanCountry =>
  (NORTH_AMERICAN_COUNTRIES as readonly string[]).includes(country ?? '');

/** True when the parsed number meets the rule (see PhoneRule). */
export function meetsPhoneRule(parts: PhoneNumberParts, rule: PhoneRule): boolean {
  if (rule === 'possible') return parts.possible;
  if (rule === 'valid') return parts.valid;
  return parts.valid && isNorthAmericanCountry(parts.country);
}

/** The number in E.164 when it meets the rule, else undefined. */
export function toE164Phone(text: string | null | undefined, rule: PhoneRule): string | undefined {
  const parts = parsePhone(text);
  return parts && meetsPhoneRule(parts, rule) ? parts.e164 : undefined;
}

/** True when the text is a number meeting the rule (in any common typing). */
export const isPhone = (text: string | null | undefined, rule: PhoneRule): boolean =>
  toE164Phone(text, rule) !== undefined;

/** A number known to be one (it passed a rule), in E.164. */
export const toE164OfPhone = (text: string): string => parsePhone(text)!.e164;

/** How a caller's number is checked (callerPhoneSchema, and caller-phone-mini.ts for a caller's first ring). */
export const CALLER_PHONE_CHECK = { rule: 'possible', message: 'must be an E.164 number' } as const;
/** The longest number text the schemas read (a person's spaces and brackets included). */
export const MAX_PHONE_SCHEMA_CHARS = MAX_TYPED_CHARS;

/**
 * True when the text is written as E.164 already ('+' and digits only, what machines send: Twilio, the model's
 * tools, the API) and is a number meeting the rule.
 */
export const isWrittenAsE164Phone = (text: string, rule: PhoneRule): boolean =>
  text === `+${phoneDigits(text)}` && isPhone(text, rule);

/** True for a valid US or Canadian number: the ones we buy, transfer calls to and text first. */
export const isNorthAmericanPhone = (text: string | null | undefined): boolean =>
  isPhone(text, 'north-american');

/** True when both texts are the same number however they are written ('415-555-0142', '+14155550142'). */
export function isSamePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const first = parsePhone(a);
  const second = parsePhone(b);
  return !!first && !!second && first.e164 === second.e164;
}

/** True when the text holds only what people type in a number (or a part of one), letters refused. */
export const isPhoneTyping = (text: string): boolean => PHONE_TYPING.test(text);

/** The digits of whatever was typed, for searching by a part of a number and for spec §2 step 7's address. */
export const phoneDigits = (text: string | null | undefined): string => (text ?? '').replace(/\D/g, '');

/**
 * The business phone as stored and looked up (spec §5: numbers without a plus are US/Canadian). Total, for
 * lookups by whatever was typed: text the helper cannot read as a number keeps its digits behind a plus.
 * Here rather than beside the business-info schemas, so the config's records (on a caller's first ring)
 * read it without building every setup form's schemas (docs/decisions/186-cold-start.md).
 */
export function toE164BusinessPhone(value: string): string {
  const parsed = readPhoneNumber(value);
  return parsed?.isPossible() ? String(parsed.number) : `+${phoneDigits(value)}`;
}

/** A North American number's ten digits (area code first), else undefined. */
function northAmericanDigits(text: string | null | undefined): string | undefined {
  const parsed = readPhoneNumber(text);
  return parsed?.countryCallingCode === NANP_CALLING_CODE && parsed.isPossible()
    ? String(parsed.nationalNumber)
    : undefined;
}

/** Spec §5: the area code of a North American number ('415' of '+1 415 555 0142'), else undefined. */
export const areaCodeOfPhone = (text: string | null | undefined): string | undefined =>
  northAmericanDigits(text)?.slice(0, 3);

/**
 * How a number is shown to people. North American numbers as Americans and Canadians write them; any other
 * number as it was stored (E.164 is what its owner dials from abroad, and a national form would hide the
 * country):
 * - 'national': (415) 555-0142, in texts and what the assistant says;
 * - 'dashed': 415-555-0142, the dashboard's form (spec §2 Overview: ddd-ddd-dddd);
 * - 'international': +1 (415) 555-0142, the wizard's confirmation card.
 */
export type PhoneDisplayStyle = 'national' | 'dashed' | 'international';

/** The number as people read it (see PhoneDisplayStyle); undefined when there is nothing to show. */
export function formatPhone(text: string | null | undefined, style: PhoneDisplayStyle): string | undefined {
  const digits = northAmericanDigits(text);
  if (!digits) return text?.trim() || undefined;
  const [area, exchange, line] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  if (style === 'dashed') return `${area}-${exchange}-${line}`;
  const national = `(${area}) ${exchange}-${line}`;
  return style === 'international' ? `+${NANP_CALLING_CODE} ${national}` : national;
}

/** A tel: link that dials the number from anywhere, or undefined when the text is not a number. */
export function phoneTelHref(text: string | null | undefined): string | undefined {
  const parsed = readPhoneNumber(text);
  return parsed?.isPossible() ? `tel:${String(parsed.number)}` : undefined;
}
