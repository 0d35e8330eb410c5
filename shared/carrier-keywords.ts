/**
 * The one table of what carriers and Twilio treat as keywords (docs/decisions/168-carrier-keywords.md); every
 * text the product sends a caller is in caller-texts.ts, in each language, and its tests hold each template
 * against these keywords (docs/decisions/174-spanish.md).
 * A caller who answers a text with a keyword is handled by Twilio, not by the assistant: a confirmation that
 * says "reply to cancel" turns the caller's "Cancel" into an unsubscribe.
 */

import type { Language } from './language';

export type CarrierKeywordKind = 'opt_out' | 'opt_in' | 'help';

/**
 * Twilio's default keywords on long codes (help.twilio.com, "Twilio support for opt-out keywords"); REVOKE
 * and OPTOUT joined the opt-out list with the FCC's 2024 consent-revocation rule.
 */
export const TWILIO_DEFAULT_KEYWORDS = {
  opt_out: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'],
  opt_in: ['START', 'YES', 'UNSTOP'],
  help: ['HELP', 'INFO'],
} as const satisfies Record<CarrierKeywordKind, readonly string[]>;

export type KeywordLists = Record<CarrierKeywordKind, readonly string[]>;

/** The value of Twilio's `OptOutType` webhook parameter for each kind (sent when Advanced Opt-Out matched). */
export const OPT_OUT_TYPES = { opt_out: 'STOP', opt_in: 'START', help: 'HELP' } as const satisfies Record<
  CarrierKeywordKind,
  string
>;

/**
 * The whole-body match: the message, trimmed of surrounding white space and of trailing sentence
 * punctuation, compared without case. A keyword inside a longer message ("cancel my appointment", "CANCEL
 * APPT") is not a keyword. Twilio's published rule names exact single-word messages, any case; it does not
 * say how "Stop." is treated, so the stand-in opts it out, the safer reading for a caller withdrawing consent
 * (decision 168). Deployed, Twilio's own OptOutType decides, so the two can only differ locally.
 */
export function keywordBodyOf(body: string): string {
  return body
    .trim()
    .replace(/[.!?]+$/u, '')
    .trim()
    .toUpperCase();
}

/** The kind of keyword a whole message is under `lists` (by default, the lists our numbers use). */
export function carrierKeywordOf(
  body: string,
  lists: KeywordLists = ADVANCED_OPT_OUT.keywords,
): CarrierKeywordKind | undefined {
  const word = keywordBodyOf(body);
  if (!word) return undefined;
  return (Object.keys(lists) as CarrierKeywordKind[]).find((kind) => lists[kind].includes(word));
}

/** The kind Twilio reports in the inbound webhook's OptOutType parameter, if any. */
export function keywordKindOfOptOutType(optOutType: string | undefined): CarrierKeywordKind | undefined {
  const type = optOutType?.trim().toUpperCase();
  return (Object.keys(OPT_OUT_TYPES) as CarrierKeywordKind[]).find((kind) => OPT_OUT_TYPES[kind] === type);
}

/**
 * What an auto-reply says about the business: its name and how to reach it, and the languages it serves
 * (a business that serves Spanish answers keywords in English and Spanish, docs/decisions/174-spanish.md).
 */
export type KeywordReplyBusiness = {
  name: string;
  phone?: string | undefined;
  website?: string | undefined;
  languages?: readonly Language[] | undefined;
};

/** Twilio's limits on a campaign's keyword replies (Messaging v1 UsAppToPerson: 20 to 320 characters). */
export const CAMPAIGN_REPLY_CHARS = { min: 20, max: 320 } as const;

/** Long enough for any real business, short enough that every reply fits a campaign's 320 characters. */
const REPLY_NAME_CHARS = 150;
const nameOf = (business: KeywordReplyBusiness) => business.name.trim().slice(0, REPLY_NAME_CHARS);

/**
 * The words of each auto-reply after the business's name, per language. The keywords stay STOP, START and
 * HELP in Spanish too: they are the ones carriers and Twilio act on (decision 174).
 */
type KeywordReplyWords = {
  opt_out: string;
  opt_in: string;
  help: (how: string) => string;
  ways: { phone: (phone: string) => string; website: (website: string) => string; text: string };
};
export const KEYWORD_REPLY_WORDS: Record<Language, KeywordReplyWords> = {
  en: {
    opt_out:
      'you are unsubscribed and will receive no more texts from this number. Reply START to resubscribe.',
    opt_in:
      'you are subscribed to texts from this number again. Msg & data rates may apply. Reply HELP for help, STOP to unsubscribe.',
    help: (how) =>
      `this number is answered by an AI receptionist. To reach the business, ${how}. Reply STOP to unsubscribe.`,
    ways: {
      phone: (phone) => `call ${phone}`,
      website: (website) => `visit ${website}`,
      text: 'text your question to this number',
    },
  },
  es: {
    opt_out: 'Ya no recibirá mensajes de este número. Responda START para volver a recibirlos.',
    opt_in:
      'Vuelve a recibir mensajes de este número. Pueden aplicar tarifas. Responda HELP para ayuda o STOP para darse de baja.',
    help: (how) =>
      `Este número lo atiende un recepcionista con IA. Para comunicarse con el negocio, ${how}. Responda STOP para darse de baja.`,
    ways: {
      phone: (phone) => `llame al ${phone}`,
      website: (website) => `visite ${website}`,
      text: 'escriba su pregunta a este número',
    },
  },
};

/** English alone, or English then Spanish for a business that serves Spanish: one reply per keyword. */
const replyLanguagesOf = (business: KeywordReplyBusiness): Language[] =>
  business.languages?.includes('es') ? ['en', 'es'] : ['en'];

/** The words of a reply in each language the business serves, English first. */
const replyBody = (business: KeywordReplyBusiness, words: (w: KeywordReplyWords) => string) =>
  replyLanguagesOf(business)
    .map((language) => words(KEYWORD_REPLY_WORDS[language]))
    .join(' ');
/** Room left for the business's name before a reply with this body outgrows the campaign's 320 characters. */
const nameRoom = (body: string) => CAMPAIGN_REPLY_CHARS.max - body.length - ': '.length;

/**
 * "<name>: <words>" in each language the business serves. A bilingual reply cuts the name further when it
 * must, so the whole still fits the campaign's 320 characters (English-only replies always fit whole).
 */
function keywordReply(business: KeywordReplyBusiness, words: (w: KeywordReplyWords) => string) {
  const body = replyBody(business, words);
  return `${nameOf(business)
    .slice(0, Math.max(nameRoom(body), 1))
    .trim()}: ${body}`;
}

/** A bilingual HELP keeps at least this much of the name when choosing how to reach the business. */
const BILINGUAL_NAME_CHARS = 40;

/**
 * How to reach the business: its phone, else its website, else this number; the first that leaves room for
 * the name (all of it in English; in a bilingual reply, its first 40 characters).
 */
function helpReply(business: KeywordReplyBusiness) {
  type Way = (w: KeywordReplyWords) => string;
  const { phone, website } = business;
  const ways: Way[] = [
    ...(phone ? [(w: KeywordReplyWords) => w.ways.phone(phone)] : []),
    ...(website ? [(w: KeywordReplyWords) => w.ways.website(website)] : []),
    (w: KeywordReplyWords) => w.ways.text,
  ];
  const wanted = Math.min(
    nameOf(business).length,
    replyLanguagesOf(business).length > 1 ? BILINGUAL_NAME_CHARS : REPLY_NAME_CHARS,
  );
  const way =
    ways.find((how) => nameRoom(replyBody(business, (w) => w.help(how(w)))) >= wanted) ?? ways.at(-1)!;
  return keywordReply(business, (w) => w.help(way(w)));
}

/**
 * The Advanced Opt-Out configuration of every owner's messaging service: Twilio's defaults with YES removed
 * from the opt-in keywords, so a texter who was never opted out can answer "Yes" to the assistant (an opted-out
 * texter opts back in with START or UNSTOP), and replies that name the business and how to reach it.
 * Twilio does not let STOP, START or HELP be removed. The replies are sent by Twilio (or the local
 * stand-in), never by our webhook, so a keyword is answered exactly once.
 */
export const ADVANCED_OPT_OUT = {
  keywords: {
    opt_out: TWILIO_DEFAULT_KEYWORDS.opt_out,
    opt_in: ['START', 'UNSTOP'],
    help: TWILIO_DEFAULT_KEYWORDS.help,
  } satisfies KeywordLists,
  /** Default keywords this configuration removes, per kind. */
  removed: { opt_out: [], opt_in: ['YES'], help: [] } satisfies Record<CarrierKeywordKind, readonly string[]>,
  replies: {
    opt_out: (business: KeywordReplyBusiness) => keywordReply(business, (w) => w.opt_out),
    opt_in: (business: KeywordReplyBusiness) => keywordReply(business, (w) => w.opt_in),
    help: helpReply,
  } satisfies Record<CarrierKeywordKind, (business: KeywordReplyBusiness) => string>,
} as const;

/**
 * The keyword fields of an A2P campaign registration (Messaging v1 UsAppToPerson create), from the same
 * configuration, so what carriers are told matches what callers get.
 */
export function campaignKeywordFields(business: KeywordReplyBusiness) {
  const { keywords, replies } = ADVANCED_OPT_OUT;
  return {
    optOutKeywords: [...keywords.opt_out],
    optInKeywords: [...keywords.opt_in],
    helpKeywords: [...keywords.help],
    optOutMessage: replies.opt_out(business),
    optInMessage: replies.opt_in(business),
    helpMessage: replies.help(business),
  };
}

/**
 * The words a confirmation gives for moving or cancelling an appointment by text, and a reminder for
 * confirming it (docs/decisions/175-reminders.md). None is a keyword: CHANGE and CONFIRM are no carrier
 * words (YES is Twilio's opt-in keyword, so it is never asked for), and CANCEL APPT is two words (only a
 * whole-body CANCEL opts out).
 */
export const APPOINTMENT_REPLY_WORDS = {
  confirm: 'CONFIRM',
  change: 'CHANGE',
  cancel: 'CANCEL APPT',
} as const;
/** The same in Spanish texts (decision 174): CANCELAR alone is no Twilio keyword, and it is two words here. */
export const APPOINTMENT_REPLY_WORDS_ES = {
  confirm: 'CONFIRMAR',
  change: 'CAMBIAR',
  cancel: 'CANCELAR CITA',
} as const;

/** Which appointment action a whole message asks for in the confirmation's words ("change", "Cancel appt."). */
export function appointmentReplyOf(body: string): keyof typeof APPOINTMENT_REPLY_WORDS | undefined {
  const words = keywordBodyOf(body).replace(/\s+/g, ' ');
  if (words === APPOINTMENT_REPLY_WORDS.confirm || words === APPOINTMENT_REPLY_WORDS_ES.confirm)
    return 'confirm';
  if (words === APPOINTMENT_REPLY_WORDS.change || words === APPOINTMENT_REPLY_WORDS_ES.change)
    return 'change';
  if (words === APPOINTMENT_REPLY_WORDS.cancel || words === APPOINTMENT_REPLY_WORDS_ES.cancel)
    return 'cancel';
  return undefined;
}

/**
 * The replies a text invites, as our texts name them: the capitalised words after "Reply" or after "or" that
 * are followed by "to …" ("Reply CHANGE to move it or CANCEL APPT to cancel it" → CHANGE, CANCEL APPT).
 */
export function invitedReplies(text: string): string[] {
  const run = '([A-Z]{2,}(?: [A-Z]{2,})*)\\b';
  const found = [
    ...text.matchAll(new RegExp(`\\b[Rr]eply ${run}`, 'g')),
    ...text.matchAll(new RegExp(`\\bor ${run}(?= to\\b)`, 'g')),
    ...text.matchAll(new RegExp(`, ${run}(?= to\\b)`, 'g')),
    // Spanish texts (decision 174): "Responda CAMBIAR para … o CANCELAR CITA para …".
    ...text.matchAll(new RegExp(`\\b[Rr]esponda ${run}`, 'g')),
    ...text.matchAll(new RegExp(`\\bo ${run}(?= para\\b)`, 'g')),
    ...text.matchAll(new RegExp(`, ${run}(?= para\\b)`, 'g')),
  ];
  return [...new Set(found.map((match) => match[1]!))];
}

/**
 * Why a text would lead a caller into a carrier keyword, or nothing: it names a reply that is a keyword
 * under Twilio's defaults (YES included: a number outside a messaging service still treats it as one), or it
 * invites a reply without naming the words while mentioning an action that is a keyword ("reply to cancel").
 */
export function keywordTraps(text: string): string[] {
  const traps: string[] = [];
  for (const reply of invitedReplies(text)) {
    if (carrierKeywordOf(reply, TWILIO_DEFAULT_KEYWORDS)) traps.push(`invites "${reply}", a carrier keyword`);
  }
  const allKeywords = Object.values(TWILIO_DEFAULT_KEYWORDS).flat() as string[];
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    if (!/\b(reply|text us|text back|respond)\b/i.test(sentence) || invitedReplies(sentence).length > 0)
      continue;
    const words = sentence.toUpperCase().match(/[A-Z]+/g) ?? [];
    for (const word of words.filter((w) => allKeywords.includes(w)))
      traps.push(`asks for a reply without naming it and mentions "${word.toLowerCase()}"`);
  }
  return traps;
}
