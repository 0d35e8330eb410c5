import { describe, expect, it } from 'vitest';
import {
  ADVANCED_OPT_OUT,
  APPOINTMENT_REPLY_WORDS,
  APPOINTMENT_REPLY_WORDS_ES,
  CAMPAIGN_REPLY_CHARS,
  KEYWORD_REPLY_WORDS,
  TWILIO_DEFAULT_KEYWORDS,
  appointmentReplyOf,
  campaignKeywordFields,
  carrierKeywordOf,
  invitedReplies,
  keywordKindOfOptOutType,
  keywordTraps,
  type CarrierKeywordKind,
} from './carrier-keywords';
import { DEPOSIT_REFUND_SENTENCES, SMS_TEXTS } from './caller-texts';
import type { Language } from './language';
import { DEPOSIT_REFUND_OUTCOMES } from './get-paid';
import { TEXT_LIMITS } from './text-limits';

const business = { name: 'Bella Hair Studio', phone: '(415) 555-0142' };
const appointment = {
  business: 'Bella Hair Studio',
  when: 'Saturday, November 28 at 10:00 AM',
  service: 'a cut',
};

/** Every caller-facing template, rendered with every variant it has. */
const renderedTemplates: Array<[string, string]> = [
  ['booked', SMS_TEXTS.booked(appointment)],
  ['booked without a service', SMS_TEXTS.booked({ ...appointment, service: null })],
  ['rescheduled', SMS_TEXTS.rescheduled(appointment)],
  ...DEPOSIT_REFUND_OUTCOMES.flatMap((refund): Array<[string, string]> => [
    [`cancelled (${refund})`, SMS_TEXTS.cancelled(appointment, refund)],
    [`cancelledByBusiness (${refund})`, SMS_TEXTS.cancelledByBusiness(appointment, refund)],
  ]),
  ['schedulingLink', SMS_TEXTS.schedulingLink(appointment, 'https://calendly.com/bella/cut?date=2026-11-28')],
  ['depositLink', SMS_TEXTS.depositLink('Bella Hair Studio', '$25', 'https://pay.example/cs_123')],
  ['depositReceived', SMS_TEXTS.depositReceived(appointment, '$25')],
  ['lapsed', SMS_TEXTS.lapsed('Bella Hair Studio', '(415) 555-0142')],
  ['lapsed without a phone', SMS_TEXTS.lapsed('Bella Hair Studio', undefined)],
  ['unavailable', SMS_TEXTS.unavailable('Bella Hair Studio', '(415) 555-0142')],
  ['tooLong', SMS_TEXTS.tooLong],
  ['empty', SMS_TEXTS.empty],
  ['unknownNumber', SMS_TEXTS.unknownNumber],
];

describe('the carrier keyword table', () => {
  it("holds Twilio's default lists, and our Advanced Opt-Out removes only YES from them", () => {
    expect(TWILIO_DEFAULT_KEYWORDS).toEqual({
      opt_out: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'],
      opt_in: ['START', 'YES', 'UNSTOP'],
      help: ['HELP', 'INFO'],
    });
    for (const kind of ['opt_out', 'opt_in', 'help'] as CarrierKeywordKind[]) {
      const kept = TWILIO_DEFAULT_KEYWORDS[kind].filter(
        (word) => !(ADVANCED_OPT_OUT.removed[kind] as readonly string[]).includes(word),
      );
      expect(ADVANCED_OPT_OUT.keywords[kind]).toEqual(kept);
    }
    expect(ADVANCED_OPT_OUT.removed.opt_in).toEqual(['YES']);
    // Twilio refuses to remove these three.
    expect(ADVANCED_OPT_OUT.keywords.opt_out).toContain('STOP');
    expect(ADVANCED_OPT_OUT.keywords.opt_in).toContain('START');
    expect(ADVANCED_OPT_OUT.keywords.help).toContain('HELP');
  });

  it('matches the whole body only: any case, spaces around, trailing punctuation', () => {
    expect(carrierKeywordOf('STOP')).toBe('opt_out');
    expect(carrierKeywordOf('  stop ')).toBe('opt_out');
    expect(carrierKeywordOf('Cancel')).toBe('opt_out');
    expect(carrierKeywordOf('Cancel.')).toBe('opt_out');
    expect(carrierKeywordOf('stop!!')).toBe('opt_out');
    expect(carrierKeywordOf('\tRevoke\n')).toBe('opt_out');
    expect(carrierKeywordOf('OptOut')).toBe('opt_out');
    expect(carrierKeywordOf('start')).toBe('opt_in');
    expect(carrierKeywordOf('UNSTOP')).toBe('opt_in');
    expect(carrierKeywordOf('help?')).toBe('help');
    expect(carrierKeywordOf('Info')).toBe('help');
    for (const sentence of [
      'stop by tomorrow?',
      'I need help booking',
      'cancel my appointment',
      'CANCEL APPT',
      'opt out',
      'st op',
      '',
      '   ',
      '.',
    ]) {
      expect(carrierKeywordOf(sentence), sentence).toBeUndefined();
    }
  });

  it('treats YES as a keyword only under the default lists, never under ours', () => {
    expect(carrierKeywordOf('Yes')).toBeUndefined();
    expect(carrierKeywordOf('YES', ADVANCED_OPT_OUT.keywords)).toBeUndefined();
    expect(carrierKeywordOf('yes', TWILIO_DEFAULT_KEYWORDS)).toBe('opt_in');
  });

  it("reads Twilio's OptOutType parameter", () => {
    expect(keywordKindOfOptOutType('STOP')).toBe('opt_out');
    expect(keywordKindOfOptOutType('start')).toBe('opt_in');
    expect(keywordKindOfOptOutType('HELP')).toBe('help');
    expect(keywordKindOfOptOutType(undefined)).toBeUndefined();
    expect(keywordKindOfOptOutType('CANCEL')).toBeUndefined();
  });

  it("reads the confirmation's own words for moving and cancelling, as whole messages", () => {
    expect(appointmentReplyOf('CHANGE')).toBe('change');
    expect(appointmentReplyOf(' change. ')).toBe('change');
    expect(appointmentReplyOf('Cancel appt')).toBe('cancel');
    expect(appointmentReplyOf('CANCEL  APPT!')).toBe('cancel');
    expect(appointmentReplyOf('Cancel')).toBeUndefined();
    expect(appointmentReplyOf('change of plans, can I come later?')).toBeUndefined();
    // A reminder's confirm word (decision 175), in either language; "yes" stays the assistant's to read.
    expect(appointmentReplyOf('Confirm')).toBe('confirm');
    expect(appointmentReplyOf('confirmar!')).toBe('confirm');
    expect(appointmentReplyOf('YES')).toBeUndefined();
    expect(appointmentReplyOf('confirm my time please')).toBeUndefined();
    // None is a keyword, under any list.
    for (const words of [
      ...Object.values(APPOINTMENT_REPLY_WORDS),
      ...Object.values(APPOINTMENT_REPLY_WORDS_ES),
    ]) {
      expect(carrierKeywordOf(words, TWILIO_DEFAULT_KEYWORDS)).toBeUndefined();
    }
  });
});

describe('every caller-facing template against the keywords', () => {
  it('finds the trap in the confirmation that sent callers into CANCEL, and in a named keyword', () => {
    // The checker can fail: the old confirmation invited "cancel" without naming a safe reply.
    expect(
      keywordTraps("Bella: you're booked on Saturday. Reply to this number to reschedule or cancel."),
    ).toEqual(['asks for a reply without naming it and mentions "cancel"']);
    expect(keywordTraps('Reply YES to confirm or CANCEL to cancel it.')).toEqual([
      'invites "YES", a carrier keyword',
      'invites "CANCEL", a carrier keyword',
    ]);
    expect(keywordTraps('Reply C to cancel.')).toEqual([
      'asks for a reply without naming it and mentions "cancel"',
    ]);
  });

  it.each(renderedTemplates)('%s invites no single-word keyword as a reply', (_name, text) => {
    expect(keywordTraps(text)).toEqual([]);
  });

  it('the confirmations name CHANGE and CANCEL APPT as the replies', () => {
    expect(invitedReplies(SMS_TEXTS.booked(appointment))).toEqual(['CHANGE', 'CANCEL APPT']);
    expect(invitedReplies(SMS_TEXTS.rescheduled(appointment))).toEqual(['CHANGE', 'CANCEL APPT']);
  });

  it('every deposit refund outcome has its sentence', () => {
    expect(DEPOSIT_REFUND_SENTENCES.refunded).toBe('Your deposit has been refunded.');
    expect(SMS_TEXTS.cancelledByBusiness(appointment, 'refunded')).toContain(
      'has been cancelled. Your deposit has been refunded.',
    );
  });
});

describe('the keyword auto-replies', () => {
  const replies = ADVANCED_OPT_OUT.replies;

  it('name the business, and HELP says how to reach it', () => {
    expect(replies.opt_out(business)).toMatch(/^Bella Hair Studio: you are unsubscribed/);
    expect(replies.opt_in(business)).toMatch(/^Bella Hair Studio: you are subscribed/);
    expect(replies.help(business)).toBe(
      'Bella Hair Studio: this number is answered by an AI receptionist. To reach the business, call (415) 555-0142. Reply STOP to unsubscribe.',
    );
    expect(replies.help({ name: 'Bella', website: 'https://bella.example' })).toContain(
      'visit https://bella.example',
    );
    expect(replies.help({ name: 'Bella' })).toContain('text your question to this number');
  });

  it('invite only the keywords they are about: START after an opt-out, HELP and STOP after an opt-in', () => {
    const kinds = (text: string) => invitedReplies(text).map((word) => carrierKeywordOf(word));
    expect(kinds(replies.opt_out(business))).toEqual(['opt_in']);
    expect(kinds(replies.opt_in(business))).toEqual(['help', 'opt_out']);
    expect(kinds(replies.help(business))).toEqual(['opt_out']);
  });

  it('fit the campaign registration, with a business name as long as the product allows', () => {
    const longest = {
      name: 'B'.repeat(TEXT_LIMITS.businessName),
      website: `https://${'w'.repeat(200)}.example`,
    };
    const fields = campaignKeywordFields(longest);
    expect(fields.optInKeywords).toEqual(['START', 'UNSTOP']);
    expect(fields.optOutKeywords).toContain('CANCEL');
    expect(fields.helpKeywords).toEqual(['HELP', 'INFO']);
    for (const message of [fields.optOutMessage, fields.optInMessage, fields.helpMessage]) {
      expect(message.length).toBeGreaterThanOrEqual(CAMPAIGN_REPLY_CHARS.min);
      expect(message.length).toBeLessThanOrEqual(CAMPAIGN_REPLY_CHARS.max);
    }
    // A website too long to fit gives way to the number itself.
    expect(fields.helpMessage).toContain('text your question to this number');
  });
});

describe('the keyword auto-replies of a business that serves Spanish (decision 174)', () => {
  const replies = ADVANCED_OPT_OUT.replies;
  const bilingual = { ...business, languages: ['en', 'es'] as const };

  it('has every reply in both languages, with the same placeholders and the same keywords', () => {
    const rendered = (language: Language) => {
      const w = KEYWORD_REPLY_WORDS[language];
      return [
        w.opt_out,
        w.opt_in,
        w.help('«HOW»'),
        w.ways.phone('«PHONE»'),
        w.ways.website('«SITE»'),
        w.ways.text,
      ];
    };
    const marks = (text: string) => [...text.matchAll(/«[A-Z]+»|\b(?:STOP|START|HELP)\b/g)].map((m) => m[0]);
    const [english, spanish] = [rendered('en'), rendered('es')];
    english.forEach((text, i) => {
      expect(spanish[i]).not.toBe(text);
      expect(marks(spanish[i]!)).toEqual(marks(text));
    });
  });

  it("keep an English-only business's replies word for word", () => {
    expect(replies.opt_out(business)).toBe(
      'Bella Hair Studio: you are unsubscribed and will receive no more texts from this number. Reply START to resubscribe.',
    );
    expect(replies.opt_in(business)).toBe(
      'Bella Hair Studio: you are subscribed to texts from this number again. Msg & data rates may apply. Reply HELP for help, STOP to unsubscribe.',
    );
    expect(replies.opt_out({ ...business, languages: ['en'] })).toBe(replies.opt_out(business));
  });

  it('answer in English, then in Spanish, in one reply naming the business once', () => {
    expect(replies.opt_out(bilingual)).toBe(
      `${replies.opt_out(business)} Ya no recibirá mensajes de este número. Responda START para volver a recibirlos.`,
    );
    expect(replies.opt_in(bilingual)).toBe(
      `${replies.opt_in(business)} Vuelve a recibir mensajes de este número. Pueden aplicar tarifas. Responda HELP para ayuda o STOP para darse de baja.`,
    );
    expect(replies.help(bilingual)).toBe(
      `${replies.help(business)} Este número lo atiende un recepcionista con IA. Para comunicarse con el negocio, llame al (415) 555-0142. Responda STOP para darse de baja.`,
    );
    expect(replies.help({ name: 'Bella', languages: ['en', 'es'] })).toContain(
      'escriba su pregunta a este número',
    );
  });

  it('name only the carrier keywords, the same as the English ones', () => {
    const kinds = (text: string) => invitedReplies(text).map((word) => carrierKeywordOf(word));
    expect(kinds(replies.opt_out(bilingual))).toEqual(['opt_in']);
    expect(kinds(replies.opt_in(bilingual))).toEqual(['help', 'opt_out']);
    expect(kinds(replies.help(bilingual))).toEqual(['opt_out']);
  });

  it('fit the campaign registration: the name is cut before the text, a long website gives way', () => {
    const longest = {
      name: 'B'.repeat(TEXT_LIMITS.businessName),
      phone: '(415) 555-0142',
      website: `https://${'w'.repeat(200)}.example`,
      languages: ['en', 'es'] as const,
    };
    const fields = campaignKeywordFields(longest);
    for (const message of [fields.optOutMessage, fields.optInMessage, fields.helpMessage]) {
      expect(message.length).toBeGreaterThanOrEqual(CAMPAIGN_REPLY_CHARS.min);
      expect(message.length).toBeLessThanOrEqual(CAMPAIGN_REPLY_CHARS.max);
      expect(message).toMatch(/^B+: /);
      expect(message).toContain('Responda');
    }
    expect(fields.helpMessage).toContain('llame al (415) 555-0142');
    expect(fields.helpMessage).not.toContain('visite');
  });
});
