import {
  ADVANCED_OPT_OUT,
  OPT_OUT_TYPES,
  carrierKeywordOf,
  type CarrierKeywordKind,
  type KeywordReplyBusiness,
} from '@shared/carrier-keywords';
import type { LocalTwilioAccount } from './local-account';

export type LocalOptOutList = Pick<LocalTwilioAccount, 'optOut' | 'optIn' | 'isOptedOut'>;

/** What Twilio did with an inbound text before our webhook saw it. */
export type KeywordHandling = {
  keyword?: CarrierKeywordKind;
  /** The OptOutType parameter Twilio adds to the webhook when the messaging service matched a keyword. */
  optOutType?: string;
  /** Twilio's own auto-reply to the keyword (none to HELP from an opted-out texter). */
  autoReply?: string;
};

/**
 * Twilio's keyword rules on a number in a messaging service with our Advanced Opt-Out configuration
 * (shared/carrier-keywords.ts, decision 168): the whole message is matched; an opt-out keyword puts the texter
 * on the number's list and confirms it; an opt-in keyword takes them off and confirms it; HELP is answered
 * unless they are opted out (nothing reaches an opted-out texter from that number).
 */
export async function applyCarrierKeywords(
  list: LocalOptOutList,
  text: { from: string; to: string; body: string },
  business: KeywordReplyBusiness,
): Promise<KeywordHandling> {
  const keyword = carrierKeywordOf(text.body, ADVANCED_OPT_OUT.keywords);
  if (!keyword) return {};
  const handled = { keyword, optOutType: OPT_OUT_TYPES[keyword] };
  const reply = ADVANCED_OPT_OUT.replies[keyword](business);
  if (keyword === 'opt_out') {
    await list.optOut(text.to, text.from);
    return { ...handled, autoReply: reply };
  }
  if (keyword === 'opt_in') {
    await list.optIn(text.to, text.from);
    return { ...handled, autoReply: reply };
  }
  return (await list.isOptedOut(text.to, text.from)) ? handled : { ...handled, autoReply: reply };
}
