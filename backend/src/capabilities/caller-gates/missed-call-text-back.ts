import {
  businessDayOf,
  fillTemplate,
  MISSED_CALL_TEXTS_OWNER_DAILY_LIMIT,
  type MissedCallKind,
} from '@shared/caller-gates';
import { businessClockOf } from '@shared/analytics';
import { callerTexts } from '@shared/caller-texts';
import type { Language } from '@shared/language';
import { servedLanguages } from '@shared/language-settings';
import { isSamePhone, toE164Phone } from '@shared/phone/phone-number';
import { isSubscribed } from '@shared/plans';
import type { CallerGatesDeps } from './deps';

export type MissedCallTextOutcome =
  | 'not_a_number'
  | 'own_number'
  | 'turned_off'
  | 'not_subscribed'
  | 'blocked'
  | 'opted_out'
  | 'texting_not_allowed'
  | 'owner_limit'
  | 'already_texted_today'
  | 'send_failed'
  | 'sent';

export type MissedCall = {
  ownerId: string;
  /** The assistant number the caller rang: the text comes from it, so a reply reaches the assistant. */
  assistantNumber: string;
  caller: string;
  kind: MissedCallKind;
  /** The caller's language when the call showed it; the default text is then in it. */
  language?: Language | undefined;
  callSid: string;
};

/** The business's name as caller texts write it. */
const businessNameOf = (config: { business_name?: string | undefined } | undefined) =>
  config?.business_name?.trim() || 'This business';

/** The text a missed caller gets: the owner's wording as written, else the default in the caller's language. */
export function missedCallTextOf(
  settings: { template: string | null },
  business: string,
  language: Language | undefined,
): string {
  return settings.template
    ? fillTemplate(settings.template, { business })
    : callerTexts(language).missedCall(business);
}

/**
 * The language a missed caller is texted in (decision 174): the call's when it showed one, else the one the
 * caller memory remembers, as long as the business serves it; else the business's default, English. The
 * call's own language is set only by a Spanish turn or by a greeting in Spanish to a remembered caller.
 */
async function languageOf(
  deps: Pick<CallerGatesDeps, 'data'>,
  call: MissedCall,
  caller: string,
  config:
    { languages?: readonly Language[] | undefined; remember_past_callers?: boolean | undefined } | undefined,
): Promise<Language> {
  const served = servedLanguages(config ?? {});
  const [fallback] = served;
  if (served.length === 1 && fallback) return fallback;
  // The memory only while the owner has "Remember past callers" on (docs/decisions/177-caller-memory.md).
  const remembered =
    config?.remember_past_callers === true
      ? (await deps.data.callerMemories.get(call.ownerId, caller))?.language
      : undefined;
  const known = call.language ?? remembered;
  return known && served.includes(known) ? known : (fallback ?? 'en');
}

/**
 * One text to a caller the assistant never spoke to (docs/decisions/176), in this order: a real number,
 * not the business's own; text-back on; the owner subscribed; the caller not blocked, not opted out of the
 * number, and reachable under the A2P gate; the owner within the daily text-back limit; then the claim of
 * (owner, caller, business day), one conditional put, so repeated or parallel status callbacks and several
 * missed calls on one day send one text. A send that fails gives the claim back and is logged, never thrown:
 * Twilio's status callback has nothing to retry.
 */
export async function textBackMissedCall(
  deps: Pick<CallerGatesDeps, 'data' | 'providers' | 'textingGate' | 'rateLimiter' | 'logger' | 'now'>,
  call: MissedCall,
): Promise<MissedCallTextOutcome> {
  const outcome = await decideAndSend(deps, call);
  // Numbers stay out of the log: the call sid and the outcome are enough to follow it.
  deps.logger.info('caller_gates.missed_call', { callSid: call.callSid, kind: call.kind, outcome });
  return outcome;
}

async function decideAndSend(
  deps: Pick<CallerGatesDeps, 'data' | 'providers' | 'textingGate' | 'rateLimiter' | 'logger' | 'now'>,
  call: MissedCall,
): Promise<MissedCallTextOutcome> {
  const { data } = deps;
  const caller = toE164Phone(call.caller, 'possible');
  if (!caller) return 'not_a_number';
  const [settings, config, subscription] = await Promise.all([
    data.missedCallTexts.getSettings(call.ownerId),
    data.businessConfigs.getConfig(call.ownerId),
    data.subscriptions.getSubscription(call.ownerId),
  ]);
  if (isSamePhone(caller, call.assistantNumber) || isSamePhone(caller, config?.phone_number))
    return 'own_number';
  if (!settings.enabled) return 'turned_off';
  if (!isSubscribed(subscription.status)) return 'not_subscribed';
  const [blocked, optedOut, allowed] = await Promise.all([
    data.blockedNumbers.isBlocked(call.ownerId, caller),
    data.smsMessaging.isOptedOut(call.assistantNumber, caller),
    deps.textingGate.allows(call.assistantNumber, caller),
  ]);
  if (blocked) return 'blocked';
  if (optedOut) return 'opted_out';
  if (!allowed) return 'texting_not_allowed';
  const now = deps.now();
  const day = businessDayOf(now, config ? businessClockOf(config).timeZone : undefined);
  // Claimed before the owner's limit is counted, so a repeated callback does not spend the owner's texts.
  if (!(await data.missedCallTexts.claim(call.ownerId, caller, day))) return 'already_texted_today';
  if (
    !(await deps.rateLimiter.hit(
      `missed-call-texts#${call.ownerId}`,
      MISSED_CALL_TEXTS_OWNER_DAILY_LIMIT,
      86_400,
    ))
  )
    return 'owner_limit';
  try {
    await deps.providers.telephony.sendSms({
      from: call.assistantNumber,
      to: caller,
      body: missedCallTextOf(settings, businessNameOf(config), await languageOf(deps, call, caller, config)),
    });
    return 'sent';
  } catch (error) {
    deps.logger.warn('caller_gates.missed_call_text_failed', { callSid: call.callSid, error: String(error) });
    await data.missedCallTexts.release(call.ownerId, caller, day).catch(() => undefined);
    return 'send_failed';
  }
}
