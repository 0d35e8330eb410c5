import { formatPhoneForText } from '@shared/sms';
import {
  businessKind,
  BUSINESS_KINDS,
  firstSentence,
  spokenWebsite,
  summarizeHours,
} from '../providers/llm/business-facts';
import type { BusinessFacts } from '../providers/llm/index';

/**
 * The deterministic local engine: what small-business callers ask, recognised by keywords, answered only
 * from the business's own data. It never invents a fact: what the business did not tell us, it says it does
 * not know and offers to pass a message on.
 */
export type LocalIntent =
  'hours' | 'location' | 'website' | 'services' | 'book' | 'person' | 'thanks' | 'goodbye' | 'greeting';

const INTENT_PATTERNS: Array<[LocalIntent, RegExp]> = [
  ['hours', /\b(hours?|open|opening|close[sd]?|closing|when are you|what time)\b/i],
  ['location', /\b(where|address|located|location|directions?|find you|parking)\b/i],
  ['website', /\b(website|web ?site|online|url|site)\b/i],
  ['services', /\b(services?|offer|do you (do|have)|price|prices|pricing|cost|how much|menu|treatments?)\b/i],
  ['book', /\b(book|booking|appointment|schedule|reserve|reservation|available|availability|slot)\b/i],
  ['person', /\b(person|human|someone|manager|owner|staff|call me back|talk to|speak to|message)\b/i],
  ['thanks', /\b(thanks|thank you|thx|appreciate)\b/i],
  ['goodbye', /\b(bye|goodbye|see you|that'?s all|nothing else)\b/i],
  ['greeting', /\b(hi|hello|hey|good (morning|afternoon|evening))\b/i],
];

export function detectIntents(text: string): LocalIntent[] {
  return INTENT_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([intent]) => intent);
}

export type LocalReply = { text: string; end: boolean };

/** One answer to one caller message; `concise` (the owner's verbosity trait) keeps it to the facts. */
export function localReply(input: {
  facts: BusinessFacts;
  text: string;
  firstTurn: boolean;
  concise: boolean;
}): LocalReply {
  const { facts, concise } = input;
  const name = facts.business_name?.trim() || 'the business';
  const assistant = facts.assistant_name?.trim();
  const phone = formatPhoneForText(facts.phone_number);
  const offerMessage = `I can pass a message to the team${phone ? `, or you can call ${phone}` : ''}.`;
  const intents = detectIntents(input.text);
  const parts: string[] = [];

  if (input.firstTurn) parts.push(`Hi, this is ${assistant ? `${assistant} at ` : ''}${name}.`);

  for (const intent of intents) {
    if (intent === 'hours') {
      const hours = summarizeHours(facts.business_hours?.weekday_text);
      parts.push(
        hours ? `Our hours are ${hours}.` : `I don't have our opening hours on hand. ${offerMessage}`,
      );
    } else if (intent === 'location') {
      parts.push(
        facts.address ? `We're at ${facts.address}.` : `I don't have our address on hand. ${offerMessage}`,
      );
    } else if (intent === 'website') {
      const site = spokenWebsite(facts.website);
      parts.push(site ? `Our website is ${site}.` : "We don't have a website listed.");
    } else if (intent === 'services') {
      const about = firstSentence(facts.business_description);
      const offers = BUSINESS_KINDS[businessKind(facts)].offers;
      parts.push(about ?? `We offer ${offers}.`);
      if (/\b(price|prices|pricing|cost|how much)\b/i.test(input.text)) {
        parts.push(`I don't have exact prices on hand. ${offerMessage}`);
      }
    } else if (intent === 'book') {
      parts.push(
        `I can't book appointments by text yet. Tell me your name and the time you'd like and I'll pass it on${phone ? `, or call ${phone}` : ''}.`,
      );
    } else if (intent === 'person') {
      parts.push(
        `I'll make sure the team gets your message. What's your name and the best time to reach you?`,
      );
    }
  }

  const polite = intents.includes('thanks') || intents.includes('goodbye');
  const answered = intents.some((i) => !['greeting', 'thanks', 'goodbye'].includes(i));
  if (polite && !answered) {
    return {
      text: [...parts, `You're welcome. Thanks for contacting ${name}, goodbye!`].join(' '),
      end: true,
    };
  }
  if (!answered) {
    parts.push(
      intents.includes('greeting') || input.firstTurn
        ? concise
          ? 'How can I help?'
          : 'How can I help you today? I can tell you our hours, where we are and what we offer.'
        : `I'm not sure I have that information. ${offerMessage}`,
    );
  } else if (!concise) {
    parts.push('Is there anything else I can help with?');
  }
  return { text: parts.join(' '), end: false };
}
