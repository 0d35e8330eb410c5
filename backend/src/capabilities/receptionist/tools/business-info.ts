import { z } from 'zod';
import type { Tool } from './tool-types';

export const BUSINESS_TOPICS = [
  'hours',
  'address',
  'services',
  'prices',
  'website',
  'phone',
  'about',
] as const;
export type BusinessTopic = (typeof BUSINESS_TOPICS)[number];

/**
 * Facts about the business, only from what the owner configured. A topic with nothing on file answers
 * known: false, and the assistant says so and offers to take a message instead of inventing an answer.
 */
export const businessInfoTool: Tool<{ topic: BusinessTopic }> = {
  name: 'get_business_info',
  description:
    "Look up the business's hours, address, services, prices, website, phone or description. Use it for any question about the business; never answer such a question from memory.",
  args: z.object({ topic: z.enum(BUSINESS_TOPICS) }),
  async run({ business }, { topic }) {
    const facts: Record<BusinessTopic, string | undefined> = {
      hours: business.hoursKnown ? business.hoursSummary : undefined,
      address: business.address,
      services:
        business.description ?? `${business.name} is a ${business.kindNoun} offering ${business.offers}.`,
      prices: business.priceFacts.length > 0 ? business.priceFacts.join(' ') : undefined,
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
