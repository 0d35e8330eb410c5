import type { Language } from '../../shared/language';
import type { EvalScenario } from '../scenario-types';
import { DONT_KNOW, MESSAGE_OFFER } from './phrases';

const channels = ['sms', 'voice'] as const;

const LEAVE_MESSAGE: Record<Language, { ask: string; name: string; reason: string; done: RegExp }> = {
  en: {
    ask: 'Can I leave a message?',
    name: 'Jordan',
    reason: 'Please call me back about my color appointment',
    done: /pass|passed/i,
  },
  es: {
    ask: 'Quiero dejar un mensaje',
    name: 'Lucía',
    reason: 'Por favor llámenme sobre mi cita de color',
    done: /mensaje/i,
  },
};

export const MESSAGES: EvalScenario[] = [
  ...(['en', 'es'] as const).flatMap((language) =>
    channels.map((channel): EvalScenario => {
      const m = LEAVE_MESSAGE[language];
      return {
        id: `message-${language}-${channel}`,
        category: 'message',
        channel,
        language,
        turns: [
          { say: m.ask, expect: { doesNotCall: ['escalate_to_manager'] } },
          { say: m.name },
          { say: m.reason, expect: { calls: ['take_message'], says: [m.done] } },
        ],
        after: { messages: 1, messageSays: [m.reason] },
        neverCalls: ['book_appointment'],
      };
    }),
  ),
  {
    id: 'message-after-unknown-en-sms',
    category: 'message',
    channel: 'sms',
    language: 'en',
    turns: [
      { say: 'Do you have wifi?', expect: { says: [MESSAGE_OFFER.en] } },
      { say: 'yes please', expect: { says: [/name/i] } },
      { say: 'Chris' },
      { say: 'I want to know if there is wifi while I wait', expect: { calls: ['take_message'] } },
    ],
    after: { messages: 1, messageSays: ['wifi'] },
  },
  {
    id: 'message-refund-callback-en-sms',
    category: 'message',
    channel: 'sms',
    language: 'en',
    turns: [
      { say: 'Can I leave a message for the owner?', expect: { doesNotCall: ['escalate_to_manager'] } },
      { say: 'Taylor' },
      { say: 'Please call me about a refund', expect: { calls: ['take_message'] } },
    ],
    after: { messages: 1, messageSays: ['Please call me about a refund'] },
  },
];

/** Questions nothing on file answers: "I don't know" and a message offer, never a made-up answer. */
const UNKNOWN: Array<[Language, 'sms' | 'voice', string]> = [
  ['en', 'sms', 'Is there parking?'],
  ['en', 'voice', 'Do you accept credit cards?'],
  ['en', 'sms', 'Is the building wheelchair accessible?'],
  ['en', 'voice', 'Can I bring my dog?'],
  ['es', 'sms', '¿Tienen estacionamiento?'],
  ['es', 'voice', '¿Aceptan tarjeta de crédito?'],
];

export const UNKNOWNS: EvalScenario[] = UNKNOWN.map(([language, channel, say], i) => ({
  id: `unknown-${i + 1}-${language}-${channel}`,
  category: 'unknown',
  channel,
  language,
  turns: [
    {
      say,
      expect: {
        says: [DONT_KNOW[language], MESSAGE_OFFER[language]],
        // An address is not an answer about parking; no invented policy either.
        never: ['12 Market St'],
      },
    },
    { say: language === 'es' ? '¿A qué hora abren?' : 'What time do you open?', expect: { says: [/9/] } },
  ],
  neverCalls: ['find_open_slots', 'book_appointment'],
}));

/** The same questions with the knowledge base filled in: the owner's own answer, quoted. */
const KNOWN: Array<[Language, 'sms' | 'voice', string, string]> = [
  ['en', 'sms', 'Is there parking?', 'Free parking in the lot behind the building.'],
  ['en', 'voice', 'Do you accept credit cards?', 'Cash, all major cards and Apple Pay.'],
  ['en', 'sms', "What's your cancellation policy?", 'Cancel 24 hours ahead or pay a $20 fee.'],
  ['en', 'voice', 'Is your place wheelchair accessible?', 'step-free entrance and a ramp'],
  ['en', 'sms', 'Can I bring my dog with me?', 'Well-behaved dogs are welcome.'],
  ['es', 'sms', '¿Tienen estacionamiento?', 'Free parking in the lot behind the building.'],
];

export const KNOWLEDGE_ANSWERS: EvalScenario[] = KNOWN.map(([language, channel, say, answer], i) => ({
  id: `knowledge-${i + 1}-${language}-${channel}`,
  category: 'knowledge',
  channel,
  language,
  knowledge: true,
  turns: [
    { say, expect: { says: [answer], calls: ['get_business_info'] } },
    { say: language === 'es' ? 'Gracias' : 'Thanks', expect: { doesNotCall: ['book_appointment'] } },
  ],
}));
