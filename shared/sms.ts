import { formatPhone } from './phone/phone-number';

/**
 * The SMS channel's rules (issue 9 §5): the length and rate limits. Carrier keywords and every text sent to
 * callers are in carrier-keywords.ts (docs/decisions/168-carrier-keywords.md).
 */

/** Twilio's concatenated-SMS limit: a longer inbound Body cannot come from Twilio; our replies are cut to it. */
export const SMS_MAX_BODY_CHARS = 1600;
/** One (business, caller) thread stays one conversation while messages keep coming within this window. */
export const SMS_THREAD_WINDOW_HOURS = 24;
/**
 * Texts the assistant answers: per caller per hour (one texter cannot run up an owner's AI costs) and per
 * owner per day. Over either, texts get no reply until the window passes.
 */
export const SMS_CALLER_HOURLY_LIMIT = 30;
export const SMS_OWNER_DAILY_LIMIT = 2000;
/** A lapsed owner's texter is told the business's own number at most once per this many hours. */
export const SMS_LAPSED_NOTICE_HOURS = 24;

/**
 * Built on the first cut, not at import: constructing a segmenter loads ICU's break rules (about 8 ms), which
 * every process importing this module paid at start, a caller's first ring included (decision 186).
 */
let graphemes: Intl.Segmenter | undefined;

/**
 * The longest start of `text` within `units` UTF-16 code units that ends between two characters as a
 * reader sees them: a plain slice could end inside an emoji (a lone surrogate, which carriers show as "?").
 */
function startWithin(text: string, units: number): string {
  let end = 0;
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > units) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** Cuts a reply to what one SMS can carry, at a word boundary when there is one, with an ellipsis. */
export function capSmsBody(text: string, max = SMS_MAX_BODY_CHARS): string {
  if (text.length <= max) return text;
  const cut = startWithin(text, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.8 ? cut.slice(0, space) : cut}…`;
}

/** A number as people write it in a text: (415) 555-0142 for US/Canada, else as stored. */
export const formatPhoneForText = (phone: string | undefined) => formatPhone(phone, 'national');
