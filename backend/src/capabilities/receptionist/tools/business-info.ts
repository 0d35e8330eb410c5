import { z } from 'zod';
import { KNOWLEDGE_LIMITS } from '@shared/schemas/knowledge';
import { matchKnowledge } from '@shared/knowledge';
import { matchService, serviceQuote, upcomingClosures } from '@shared/receptionist/booking-choices';
import { isoDateOf, zonedParts } from '@shared/receptionist/business-time';
import type { Closure } from '@shared/schemas/calendar-model';
import type { Tool } from './tool-types';

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

const dayName = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** A closure as the hours answer says it: its note when the owner wrote one, else its dates. */
export function closureSentence(closure: Closure): string {
  const note = closure.note.trim().replace(/[.!]+$/, '');
  const days =
    closure.from === closure.to
      ? `on ${dayName(closure.from)}`
      : `from ${dayName(closure.from)} to ${dayName(closure.to)}`;
  return note ? `${note} (${days})` : `We're closed ${days}`;
}

export const BUSINESS_TOPICS = [
  'hours',
  'address',
  'services',
  'prices',
  'website',
  'phone',
  'about',
  'other',
] as const;
export type BusinessTopic = (typeof BUSINESS_TOPICS)[number];

/**
 * Facts about the business, only from what the owner configured. A topic with nothing on file answers
 * known: false, and the assistant says so and offers to take a message instead of inventing an answer.
 * Any other question ("other") is answered from the owner's knowledge entries, on a confident match only
 * (docs/decisions/181-knowledge-and-honesty.md); the answer is the business's own words, to quote.
 */
export const businessInfoTool: Tool<{ topic: BusinessTopic; question?: string }> = {
  name: 'get_business_info',
  description:
    "Look up the business's hours, address, services, prices, website, phone or description; for any other question (parking, payment methods, insurance, cancellation policy, walk-ins, what to bring…) use topic 'other' with the caller's question. Use it for any question about the business; never answer such a question from memory, and quote policies as the business's own words.",
  args: z.object({
    topic: z.enum(BUSINESS_TOPICS),
    question: z
      .string()
      .max(KNOWLEDGE_LIMITS.questionChars * 2)
      .optional()
      .describe(
        "The caller's question in their words: for topic 'other', and for prices or services of one service",
      ),
  }),
  async run({ business, now }, { topic, question }) {
    if (topic === 'other') {
      const match = matchKnowledge(question ?? '', business.knowledge ?? []);
      return match
        ? {
            ok: true,
            summary: `Answered from the knowledge base: ${match.entry.question}`.slice(0, 300),
            data: {
              topic,
              known: true,
              answer: match.entry.answer,
              entry_question: match.entry.question,
              entry_topic: match.entry.topic,
            },
          }
        : {
            ok: true,
            summary: 'No answer on file for that question',
            data: {
              topic,
              known: false,
              // What the assistant can answer instead: it says which facts it has.
              questions_on_file: (business.knowledge ?? []).slice(0, 10).map((entry) => entry.question),
            },
          };
    }
    // Services, when the owner defined them, are the prices and durations to quote; else the description's.
    const { services } = business.calendar;
    // "How much is a balayage?": that service's quote alone.
    const asked = matchService(services, question);
    const quotes = (asked ? [asked] : services).map((service) => serviceQuote(service));
    const today = isoDateOf(zonedParts(now, business.timeZone));
    const closed = upcomingClosures(business.closures, today).map((c) => closureSentence(c));
    const facts: Record<Exclude<BusinessTopic, 'other'>, string | undefined> = {
      hours: business.hoursKnown
        ? [business.hoursSummary, ...closed].filter(Boolean).join('. ') || undefined
        : undefined,
      address: business.address,
      services:
        services.length > 0
          ? asked
            ? quotes.join(' ')
            : `We offer ${listOf(services.map((s) => s.name))}. ${quotes.join(' ')}`
          : (business.description ??
            `${business.name} is a ${business.kindNoun} offering ${business.offers}.`),
      prices:
        services.length > 0
          ? quotes.join(' ')
          : business.priceFacts.length > 0
            ? business.priceFacts.join(' ')
            : undefined,
      website: business.website,
      phone: business.businessPhone,
      about: business.description,
    };
    const answer = facts[topic];
    return answer
      ? { ok: true, summary: `Shared the ${topic}`, data: { topic, known: true, answer } }
      : { ok: true, summary: `No ${topic} on file`, data: { topic, known: false } };
  },
};
