import type { DepositRefundOutcome } from './get-paid';
import type { Language } from './language';
import { SMS_MAX_BODY_CHARS } from './sms';
import { APPOINTMENT_REPLY_WORDS, APPOINTMENT_REPLY_WORDS_ES } from './carrier-keywords';

/**
 * Every text the product sends a caller, in each language the receptionist speaks: one table, so a template
 * cannot exist in English only (docs/decisions/174-spanish.md; the assistant's own conversational replies
 * come from the engine). A text that invites a reply names the words to send in capitals ("Reply CHANGE
 * to …"), and those words are never a carrier keyword (docs/decisions/168-carrier-keywords.md). The English
 * wording is the product's original, word for word.
 */

/** An appointment as a text names it: the business, the time as spoken, the service if any. */
export type AppointmentTextParts = { business: string; when: string; service?: string | null | undefined };

const sentences = (...parts: string[]) => parts.filter(Boolean).join(' ');

type CallerTexts = {
  /** What the caller is told about a paid deposit when their booking is cancelled. */
  depositRefund: Record<DepositRefundOutcome, string>;
  /** A booking confirmed (by the assistant, or by the scheduler's webhook). */
  booked: (parts: AppointmentTextParts) => string;
  rescheduled: (parts: AppointmentTextParts) => string;
  /** A reminder before the appointment (docs/decisions/175-reminders.md), with the owner's own line if any. */
  reminder: (parts: AppointmentTextParts, note?: string) => string;
  /** The caller cancelled (by text or on a call). */
  cancelled: (parts: AppointmentTextParts, refund?: DepositRefundOutcome) => string;
  /** The owner cancelled from the dashboard. */
  cancelledByBusiness: (parts: AppointmentTextParts, refund?: DepositRefundOutcome) => string;
  schedulingLink: (parts: AppointmentTextParts, url: string) => string;
  depositLink: (business: string, amount: string, url: string) => string;
  depositReceived: (parts: AppointmentTextParts, amount: string) => string;
  /** A lapsed owner's texter (once a day). */
  lapsed: (business: string, phone: string | undefined) => string;
  /** Every texter while the assistant cannot answer at all (docs/decisions/160-fail-closed.md). */
  unavailable: (business: string, phone: string | undefined) => string;
  /** A caller the assistant never spoke to: one text back (docs/decisions/176). */
  missedCall: (business: string) => string;
  tooLong: string;
  empty: string;
  unknownNumber: string;
  /** What the assistant says on a call outside the model's own words (ConversationRelay speaks them). */
  voice: {
    /** A tool call is taking a moment: the line is never silent. */
    filler: string;
    promptTooLong: string;
    /** After a transfer nobody answered, the assistant comes back with this. */
    noAnswer: (manager: string | undefined) => string;
  };
  /** The caller asked for this language by name: the owner's greeting in it, or the suggested one. */
  languageSwitched: (greeting: string) => string;
  /**
   * A returning caller greeted by name before the usual greeting, when the owner has "Remember past
   * callers" on (docs/decisions/177-caller-memory.md).
   */
  welcomeBack: (name: string) => string;
};

function english(): CallerTexts {
  const { confirm, change, cancel } = APPOINTMENT_REPLY_WORDS;
  const forService = (service: string | null | undefined) => (service ? ` for ${service}` : '');
  const depositRefund: Record<DepositRefundOutcome, string> = {
    refunded: 'Your deposit has been refunded.',
    outside_window: 'The deposit is kept, as the cancellation came too close to the appointment.',
    failed: 'The business will refund your deposit shortly.',
    none: '',
  };
  /** What a texter is told when nobody will answer: the business's own number when there is one. */
  const notAnswering = (business: string, phone: string | undefined) =>
    phone
      ? `Thanks for texting ${business}. This number is not answering right now; please call ${phone}.`
      : `Thanks for texting ${business}. This number is not answering right now; please try again later.`;
  return {
    depositRefund,
    booked: ({ business, when, service }) =>
      `${business}: you're booked${forService(service)} on ${when}. Reply ${change} to move it or ${cancel} to cancel it.`,
    rescheduled: ({ business, when, service }) =>
      `${business}: your appointment${forService(service)} is moved to ${when}. Reply ${change} to move it again or ${cancel} to cancel it.`,
    reminder: ({ business, when, service }, note = '') =>
      sentences(
        `${business}: reminder of your appointment${forService(service)} on ${when}.`,
        note,
        `Reply ${confirm} to confirm, ${change} to move it or ${cancel} to cancel it.`,
      ),
    cancelled: ({ business, when }, refund = 'none') =>
      sentences(
        `${business}: your appointment on ${when} is cancelled.`,
        depositRefund[refund],
        'Reply to this number to book again.',
      ),
    cancelledByBusiness: ({ business, when }, refund = 'none') =>
      sentences(
        `${business}: your appointment on ${when} has been cancelled.`,
        depositRefund[refund],
        'Reply to this text to book another time.',
      ),
    schedulingLink: ({ business, when }, url) =>
      `${business}: to book ${when}, confirm it on our scheduling page: ${url}`,
    depositLink: (business, amount, url) =>
      `${business}: to hold your booking, please pay the ${amount} deposit here: ${url}`,
    depositReceived: ({ business, when }, amount) =>
      `${business}: we received your ${amount} deposit for ${when}. Thank you!`,
    lapsed: notAnswering,
    unavailable: notAnswering,
    missedCall: (business) => `${business}: Sorry we missed you — text us here to book or ask anything.`,
    tooLong: `Sorry, that message is too long for us to read. Please send a shorter text (up to ${SMS_MAX_BODY_CHARS} characters).`,
    empty: 'Sorry, we can only read text messages. Please send your question as text.',
    unknownNumber: 'Sorry, this number is not in service.',
    voice: {
      filler: 'One moment while I check that.',
      promptTooLong: "Sorry, I couldn't follow all of that. Could you tell me again, briefly?",
      noAnswer: (manager = 'the manager') =>
        `Sorry, ${manager} couldn't pick up. I can take a message and text it to them right away. What's your name and what is it about?`,
    },
    languageSwitched: (greeting) => `Of course, let's continue in English. ${greeting}`,
    welcomeBack: (name) => `Hi ${name}, welcome back!`,
  };
}

function spanish(): CallerTexts {
  const { confirm, change, cancel } = APPOINTMENT_REPLY_WORDS_ES;
  const forService = (service: string | null | undefined) => (service ? ` para ${service}` : '');
  const depositRefund: Record<DepositRefundOutcome, string> = {
    refunded: 'Le reembolsamos su depósito.',
    outside_window: 'El depósito no se reembolsa, porque la cancelación fue muy cerca de la cita.',
    failed: 'El negocio le reembolsará su depósito en breve.',
    none: '',
  };
  const notAnswering = (business: string, phone: string | undefined) =>
    phone
      ? `Gracias por escribir a ${business}. Este número no está respondiendo en este momento; por favor llame al ${phone}.`
      : `Gracias por escribir a ${business}. Este número no está respondiendo en este momento; por favor intente más tarde.`;
  return {
    depositRefund,
    booked: ({ business, when, service }) =>
      `${business}: su cita${forService(service)} quedó para ${when}. Responda ${change} para moverla o ${cancel} para cancelarla.`,
    rescheduled: ({ business, when, service }) =>
      `${business}: su cita${forService(service)} se cambió para ${when}. Responda ${change} para moverla de nuevo o ${cancel} para cancelarla.`,
    reminder: ({ business, when, service }, note = '') =>
      sentences(
        `${business}: le recordamos su cita${forService(service)} ${when}.`,
        note,
        `Responda ${confirm} para confirmarla, ${change} para moverla o ${cancel} para cancelarla.`,
      ),
    cancelled: ({ business, when }, refund = 'none') =>
      sentences(
        `${business}: se canceló su cita ${when}.`,
        depositRefund[refund],
        'Responda a este número para hacer otra cita.',
      ),
    cancelledByBusiness: ({ business, when }, refund = 'none') =>
      sentences(
        `${business}: el negocio canceló su cita ${when}.`,
        depositRefund[refund],
        'Responda a este mensaje para reservar otra hora.',
      ),
    schedulingLink: ({ business, when }, url) =>
      `${business}: para reservar ${when}, confírmelo en nuestra página de citas: ${url}`,
    depositLink: (business, amount, url) =>
      `${business}: para apartar su cita, pague el depósito de ${amount} aquí: ${url}`,
    depositReceived: ({ business, when }, amount) =>
      `${business}: recibimos su depósito de ${amount} para ${when}. ¡Gracias!`,
    lapsed: notAnswering,
    unavailable: notAnswering,
    missedCall: (business) =>
      `${business}: Perdone, no pudimos atenderle. Escríbanos por aquí para hacer una cita o preguntar lo que necesite.`,
    tooLong: `Perdone, ese mensaje es demasiado largo para leerlo. Por favor envíe un texto más corto (hasta ${SMS_MAX_BODY_CHARS} caracteres).`,
    empty: 'Perdone, solo podemos leer mensajes de texto. Por favor envíe su pregunta como texto.',
    unknownNumber: 'Perdone, este número no está en servicio.',
    voice: {
      filler: 'Un momento, por favor, lo estoy revisando.',
      promptTooLong: 'Perdone, no pude seguir todo eso. ¿Me lo puede repetir, brevemente?',
      noAnswer: (manager = 'el encargado') =>
        `Perdone, ${manager} no pudo contestar. Puedo tomar un mensaje y enviárselo de inmediato. ¿Cuál es su nombre y de qué se trata?`,
    },
    languageSwitched: (greeting) => `Claro, con gusto le atiendo en español. ${greeting}`,
    welcomeBack: (name) => `¡Hola, ${name}! Qué gusto saludarle de nuevo.`,
  };
}

export const CALLER_TEXTS: Record<Language, CallerTexts> = { en: english(), es: spanish() };

/** The caller's texts in their language (English when it is not known). */
export const callerTexts = (language: Language | undefined): CallerTexts => CALLER_TEXTS[language ?? 'en'];

/**
 * One text in each of `languages`, English first: for a notice whose reader's language cannot be known (a
 * text with no words, to a business that serves Spanish too).
 */
export const inEachLanguage = (languages: readonly Language[], pick: (texts: CallerTexts) => string) =>
  [...new Set(languages)].map((language) => pick(CALLER_TEXTS[language])).join(' ');

/** The English texts, for senders that do not know the caller's language yet. */
export const SMS_TEXTS = CALLER_TEXTS.en;
export const DEPOSIT_REFUND_SENTENCES = CALLER_TEXTS.en.depositRefund;
