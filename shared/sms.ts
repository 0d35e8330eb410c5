import { formatPhone } from './phone/phone-number';

/**
 * The SMS channel's rules (issue 9 §5): Twilio's opt-out keywords, the length limits and the texts the
 * channel itself sends (the assistant's own replies come from the engine).
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
 * Twilio's default keywords: a message that is exactly one of them (trimmed, any case) opts the texter out
 * of, back in to, or asks for help about messages from this number. Anything longer is a normal message.
 */
export const SMS_OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
];
export const SMS_OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'];
export const SMS_HELP_KEYWORDS = ['HELP', 'INFO'];

export type SmsKeyword = 'opt_out' | 'opt_in' | 'help';

export function smsKeywordOf(body: string): SmsKeyword | undefined {
  const word = body.trim().toUpperCase();
  if (SMS_OPT_OUT_KEYWORDS.includes(word)) return 'opt_out';
  if (SMS_OPT_IN_KEYWORDS.includes(word)) return 'opt_in';
  if (SMS_HELP_KEYWORDS.includes(word)) return 'help';
  return undefined;
}

/** What a texter is told when nobody will answer: the business's own number when there is one. */
const notAnswering = (business: string, phone: string | undefined) =>
  phone
    ? `Thanks for texting ${business}. This number is not answering right now; please call ${phone}.`
    : `Thanks for texting ${business}. This number is not answering right now; please try again later.`;

export const SMS_TEXTS = {
  optedOut: (business: string) =>
    `You have been unsubscribed from ${business} messages and will receive no more. Reply START to resubscribe.`,
  optedIn: (business: string) =>
    `You are subscribed to ${business} messages again. Reply HELP for help, STOP to unsubscribe.`,
  help: (business: string, phone: string | undefined) =>
    `${business}: this number is answered by an AI receptionist.${phone ? ` To reach the business directly, call ${phone}.` : ''} Reply STOP to unsubscribe.`,
  /** A lapsed owner's texter (once a day). */
  lapsed: notAnswering,
  /** Every texter while the assistant cannot answer at all (docs/decisions/160-fail-closed.md). */
  unavailable: notAnswering,
  tooLong: `Sorry, that message is too long for us to read. Please send a shorter text (up to ${SMS_MAX_BODY_CHARS} characters).`,
  empty: 'Sorry, we can only read text messages. Please send your question as text.',
  unknownNumber: 'Sorry, this number is not in service.',
} as const;

/** Cuts a reply to what one SMS can carry, at a word boundary when there is one, with an ellipsis. */
export function capSmsBody(text: string, max = SMS_MAX_BODY_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.8 ? cut.slice(0, space) : cut}…`;
}

/** A number as people write it in a text: (415) 555-0142 for US/Canada, else as stored. */
export const formatPhoneForText = (phone: string | undefined) => formatPhone(phone, 'national');
