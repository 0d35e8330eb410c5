import type { BrandType } from '@shared/schemas/messaging-registration';
import type { Appointment } from '@shared/schemas/appointment';
import { ADVANCED_OPT_OUT, campaignKeywordFields } from '@shared/carrier-keywords';
import type { Language } from '@shared/language';
import { confirmationText } from '../receptionist/index';

/**
 * What an owner's us-app-to-person campaign tells the carriers (docs/decisions/169): the use case, what is
 * texted and how callers opt in, and sample messages built by the product's own templates, so the samples
 * change when the texts do.
 */

/** Twilio's use case per brand type: Low-Volume Standard and Sole Proprietor brands have their own. */
export const CAMPAIGN_USE_CASE: Record<BrandType, string> = {
  standard: 'MIXED',
  low_volume_standard: 'LOW_VOLUME',
  sole_proprietor: 'SOLE_PROPRIETOR',
};

/**
 * The opt-in keywords the campaign (and the Advanced Opt-Out of the owner's messaging service) accepts: the
 * carrier defaults without YES (shared/carrier-keywords.ts, decision 168), so a caller answering "Yes" to the
 * assistant's question is heard as an answer, not as a re-subscription.
 */
export const CAMPAIGN_OPT_IN_KEYWORDS = [...ADVANCED_OPT_OUT.keywords.opt_in];

/** A sample appointment for the samples: a weekday morning, in the business's own words. */
const SAMPLE_APPOINTMENT: Appointment = {
  id: 'sample',
  owner_id: 'sample',
  starts_at: '2026-03-10T17:00:00.000Z',
  ends_at: '2026-03-10T17:30:00.000Z',
  status: 'booked',
  customer_name: 'Ana',
  customer_phone: '+14155550100',
  service: 'a consultation',
  conversation_id: null,
  channel: 'sms',
  deposit: null,
  created_at: '2026-03-09T17:00:00.000Z',
} as Appointment;

export function campaignContent(
  businessName: string,
  brandType: BrandType,
  languages?: readonly Language[] | undefined,
) {
  const name = businessName.trim() || 'The business';
  // The keyword replies carriers are told match the ones callers get: bilingual when Spanish is served.
  const keywords = campaignKeywordFields({ name, phone: '(415) 555-0142', languages });
  return {
    usAppToPersonUsecase: CAMPAIGN_USE_CASE[brandType],
    description:
      `${name} uses an AI receptionist that answers its phone number. It texts callers who asked for it ` +
      'during a call or who texted the number first: appointment confirmations and changes, deposit payment ' +
      'links, receipts, and answers to their questions about the business.',
    messageFlow:
      'The caller texts the business number first, or asks during a phone call to get a text (for example ' +
      'a booking confirmation or a deposit link) and gives their mobile number. Nobody is texted who did not ' +
      'contact the business. Texting STOP stops all messages; HELP gives the business name and phone number.',
    messageSamples: [
      confirmationText(name, SAMPLE_APPOINTMENT, 'America/New_York'),
      `${name}: to hold your booking, please pay the $25.00 deposit here: https://checkout.example.com/pay`,
      keywords.helpMessage,
    ],
    hasEmbeddedLinks: true,
    hasEmbeddedPhone: true,
    optInKeywords: keywords.optInKeywords,
    optOutKeywords: keywords.optOutKeywords,
    helpKeywords: keywords.helpKeywords,
    optOutMessage: keywords.optOutMessage,
    helpMessage: keywords.helpMessage,
  };
}
export type CampaignContent = ReturnType<typeof campaignContent>;
