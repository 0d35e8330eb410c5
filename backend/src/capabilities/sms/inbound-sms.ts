import { carrierKeywordOf, keywordKindOfOptOutType } from '@shared/carrier-keywords';
import { callerTexts, inEachLanguage } from '@shared/caller-texts';
import { callerLanguage, detectLanguage } from '@shared/language';
import { servedLanguages } from '@shared/language-settings';
import { isSubscribed } from '@shared/plans';
import {
  SMS_CALLER_HOURLY_LIMIT,
  SMS_MAX_BODY_CHARS,
  SMS_OWNER_DAILY_LIMIT,
  formatPhoneForText,
} from '@shared/sms';
import type { SmsDeps } from './deps';
import type { StoredBusinessConfig } from '../setup/records/index';
import type { Logger } from '../../platform/logging/logger';
import { findAssistantLine } from '../phone-numbers/index';

/** The fields of Twilio's inbound-message webhook the channel uses (validated by the route). */
export type InboundSms = {
  messageSid: string;
  from: string;
  to: string;
  body: string;
  numMedia: number;
  /** Twilio's OptOutType (STOP, START or HELP): the number's messaging service matched a keyword. */
  optOutType?: string | undefined;
};

/** The engine behind the channel: one caller message in, the assistant's reply texts out. */
export type SmsAssistant = {
  /** True when the assistant cannot answer at all (logged and counted by the engine). */
  unavailable(): boolean;
  reply(turn: {
    ownerId: string;
    config: StoredBusinessConfig;
    assistantNumber: string;
    caller: string;
    text: string;
    messageSid: string;
  }): Promise<string[]>;
};

export type InboundSmsOutcome =
  | 'unknown_number'
  | 'blocked'
  | 'duplicate'
  | 'opted_out'
  | 'opted_in'
  | 'help'
  | 'ignored_opted_out'
  | 'empty'
  | 'too_long'
  | 'lapsed_notice'
  | 'lapsed_silent'
  | 'rate_limited'
  | 'assistant_unavailable'
  | 'answered';

export type InboundSmsDeps = {
  data: Pick<
    SmsDeps['data'],
    'phoneReservations' | 'businessConfigs' | 'subscriptions' | 'smsMessaging' | 'blockedNumbers'
  >;
  assistant: SmsAssistant;
  rateLimiter: SmsDeps['rateLimiter'];
  logger: Logger;
  /** The owner's webhooks hear of an opt-out (caller.opted_out, docs/decisions/178). */
  webhooks?: SmsDeps['webhooks'];
};

/**
 * One inbound text, in the order that keeps the promises of issue 9 §5: the number must be an assistant's;
 * a number the owner blocked gets no reply and nothing of its text is stored, only its attempts counter
 * (docs/decisions/176; its STOP is still honoured, so an unblock later never texts someone who opted out);
 * each MessageSid is handled once; a carrier keyword (Twilio's OptOutType, else the same whole-body match
 * over shared/carrier-keywords.ts) is remembered before anything else may text back and gets no reply from
 * us, because Twilio has already sent its auto-reply (docs/decisions/168-carrier-keywords.md); an opted-out
 * texter gets nothing; unreadable bodies get a polite text;
 * a lapsed owner's texter is told the business's own number (once a day) instead of an AI reply; a texter
 * or owner over the hourly / daily limits gets no AI reply; while the assistant cannot answer at all, a texter
 * within the limits is told the number is not answering (docs/decisions/160-fail-closed.md).
 */
export async function handleInboundSms(
  message: InboundSms,
  deps: InboundSmsDeps,
): Promise<{ outcome: InboundSmsOutcome; replies: string[] }> {
  const line = await findAssistantLine(deps.data, message.to);
  // No business to ask which languages it serves: the text's own words decide (decision 174).
  if (!line)
    return { outcome: 'unknown_number', replies: [callerTexts(detectLanguage(message.body)).unknownNumber] };
  const { ownerId, config } = line;

  if ((await deps.data.blockedNumbers.screen(ownerId, message.from)) === 'blocked') {
    const keyword = keywordKindOfOptOutType(message.optOutType) ?? carrierKeywordOf(message.body);
    if (keyword === 'opt_out') await deps.data.smsMessaging.optOut(message.to, message.from, ownerId);
    return { outcome: 'blocked', replies: [] };
  }

  const claim = await deps.data.smsMessaging.claimInbound(message.messageSid, {
    ownerId,
    from: message.from,
    to: message.to,
  });
  if (claim === 'duplicate') return { outcome: 'duplicate', replies: [] };

  try {
    const result = await decide(message, ownerId, config, deps);
    await deps.data.smsMessaging.completeInbound(message.messageSid, result.outcome);
    return result;
  } catch (error) {
    // Forget the claim so Twilio's retry of this message is handled, not dropped as a duplicate.
    await deps.data.smsMessaging.releaseInbound(message.messageSid);
    throw error;
  }
}

async function decide(
  message: InboundSms,
  ownerId: string,
  config: StoredBusinessConfig,
  deps: InboundSmsDeps,
): Promise<{ outcome: InboundSmsOutcome; replies: string[] }> {
  const business = config.business_name?.trim() || 'This business';
  const businessPhone = formatPhoneForText(config.phone_number);
  const { smsMessaging } = deps.data;

  // Twilio's own verdict when it sends one (it reflects the service's real keyword lists), else ours.
  const keyword = keywordKindOfOptOutType(message.optOutType) ?? carrierKeywordOf(message.body);
  if (keyword === 'opt_out') {
    await smsMessaging.optOut(message.to, message.from, ownerId);
    await deps.webhooks?.emit(
      ownerId,
      'caller.opted_out',
      {
        caller: message.from,
        keyword: (message.optOutType ?? message.body).trim().toUpperCase().slice(0, 40),
        at: new Date().toISOString(),
      },
      message.from,
    );
    return { outcome: 'opted_out', replies: [] };
  }
  if (keyword === 'opt_in') {
    await smsMessaging.optIn(message.to, message.from);
    return { outcome: 'opted_in', replies: [] };
  }
  if (keyword === 'help') return { outcome: 'help', replies: [] };

  if (await smsMessaging.isOptedOut(message.to, message.from))
    return { outcome: 'ignored_opted_out', replies: [] };
  const text = message.body.trim();
  // A picture alone has no language: a business serving Spanish answers in both, English first.
  if (!text) return { outcome: 'empty', replies: [inEachLanguage(servedLanguages(config), (t) => t.empty)] };
  // Notices answer in the texter's language, read from this text alone, among the languages the business
  // serves: an English-only business answers in English on every channel (decision 174).
  const texts = callerTexts(callerLanguage(text, undefined, servedLanguages(config)));
  if (text.length > SMS_MAX_BODY_CHARS) return { outcome: 'too_long', replies: [texts.tooLong] };

  const subscription = await deps.data.subscriptions.getSubscription(ownerId);
  if (!isSubscribed(subscription.status)) {
    const tell = await smsMessaging.claimLapsedNotice(ownerId, message.from);
    return tell
      ? { outcome: 'lapsed_notice', replies: [texts.lapsed(business, businessPhone)] }
      : { outcome: 'lapsed_silent', replies: [] };
  }

  const withinLimits =
    (await deps.rateLimiter.hit(`sms-caller#${ownerId}#${message.from}`, SMS_CALLER_HOURLY_LIMIT, 3600)) &&
    (await deps.rateLimiter.hit(`sms-owner#${ownerId}`, SMS_OWNER_DAILY_LIMIT, 86_400));
  if (!withinLimits) return { outcome: 'rate_limited', replies: [] };
  if (deps.assistant.unavailable())
    return { outcome: 'assistant_unavailable', replies: [texts.unavailable(business, businessPhone)] };

  const replies = await deps.assistant.reply({
    ownerId,
    config,
    assistantNumber: message.to,
    caller: message.from,
    text,
    messageSid: message.messageSid,
  });
  return { outcome: 'answered', replies };
}
