import type { z } from 'zod';
import { answerPlan, businessLineOf, routeGreeting } from '@shared/answer-modes';
import type { OWNER_DIAL_STATUSES, AssistantCallRoute } from '@shared/answer-mode-values';
import { businessClockOf } from '@shared/analytics';
import { isSubscribed } from '@shared/plans';
import { isNorthAmericanPhone } from '@shared/phone/phone-number';
import { DEFAULT_LANGUAGE, type Language } from '@shared/language';
import { openingGreeting, servedLanguages } from '@shared/language-settings';
import type { BusinessConfig } from '@shared/schemas/business-config';
import {
  RELAY_LANGUAGE_CODES,
  relayLanguagesOf,
  relayVoiceIn,
  VOICE_RELAY,
  VOICE_TEXTS,
} from '@shared/voice-relay';
import { disclosedGreeting } from '@shared/call-recordings';
import type { VoiceDeps } from './deps';
import { parseOrBadRequest } from '../../platform/http/parse-input';
import type { TwilioParams } from '../../providers/telephony/webhook-signature';
import {
  connectRelayTwiml,
  dialTwiml,
  rejectTwiml,
  sayThenDialTwiml,
  sayThenHangUpTwiml,
} from '../../providers/telephony/twiml-on-demand';
import { TWILIO_WEBHOOK_PATHS } from '../../providers/telephony/port';
import {
  businessProfile,
  ConversationLimitError,
  personalGreeting,
  remembers,
  returningOf,
  welcomeGreeting,
} from '../receptionist/conversation-start';
import type { ConversationState } from '../receptionist/records/index';
import { findAssistantLineWith } from '../phone-numbers/index';
import { noteForwardedCall } from '../forwarding/index';
// Not the recordings' index, which brings their webhook routes (Hono, the OpenAPI helpers): decision 186.
import { claimsRecording } from '../recordings/start-recording';
import {
  businessLineResultUrl,
  conversationIdOfCall,
  incomingCallSchema,
  lineOwnerOf,
  LOCAL_RELAY_PATH,
  VOICE_PATHS,
} from './webhook-forms';

/** What the incoming call's answer reads of its request. */
export type IncomingCallRequest = {
  /** The URL the webhook was requested at: the answer's callback URLs are built on its origin. */
  url: string;
  /** The webhook's form parameters, read after X-Twilio-Signature was checked over them. */
  form: TwilioParams;
  /** A local simulated call's "as if at" moment (the local call clock); now otherwise. */
  asIfAt?: Date | undefined;
};

/**
 * How a call is answered, shared by the voice webhooks (voice-webhook-routes.ts): the call's line read with
 * everything the answer needs, when the assistant may not answer, the assistant's answer (the call's
 * conversation and the relay's TwiML), and the incoming call itself (`answerIncomingCall`).
 */
export function voiceAnswers(deps: VoiceDeps) {
  const parts = answerParts(deps);
  return {
    ...parts,
    answerIncomingCall: (request: IncomingCallRequest) => answerIncomingCall(deps, parts, request),
  };
}
export type VoiceAnswers = ReturnType<typeof voiceAnswers>;

function answerParts(deps: VoiceDeps) {
  const baseOf = (requestUrl: string) =>
    (deps.config.publicApiUrl ?? new URL(requestUrl).origin).replace(/\/+$/, '');
  const relayUrlOf = (requestUrl: string) =>
    deps.config.voiceRelayUrl ?? `${baseOf(requestUrl).replace(/^http/, 'ws')}${LOCAL_RELAY_PATH}`;

  /**
   * The relay session, in `language` (a call coming back from a transfer goes on in the caller's language),
   * with a <Language> per language the owner serves so the session can switch (docs/decisions/174-spanish.md).
   */
  const relayTwiml = (
    requestUrl: string,
    conversationId: string,
    welcomeGreeting: string,
    config: BusinessConfig | undefined,
    language: Language = DEFAULT_LANGUAGE,
    recorded = false,
  ) =>
    connectRelayTwiml({
      // Recorded calls start their recording before the relay (docs/decisions/184-call-recordings.md).
      ...(recorded
        ? { recordingStatusCallback: `${baseOf(requestUrl)}${TWILIO_WEBHOOK_PATHS.voiceRecording}` }
        : {}),
      relayUrl: relayUrlOf(requestUrl),
      actionUrl: `${baseOf(requestUrl)}${VOICE_PATHS.after}?conversationId=${encodeURIComponent(conversationId)}`,
      welcomeGreeting,
      language: RELAY_LANGUAGE_CODES[language],
      ...relayVoiceIn(config, language),
      languages: relayLanguagesOf(config),
      parameters: { [VOICE_RELAY.conversationParameter]: conversationId },
    });

  /** The call's conversation, only when the CallSid is the one it was created for. */
  async function callConversation(
    conversationId: string,
    sid: string,
  ): Promise<ConversationState | undefined> {
    const state = await deps.data.conversationStates.get(conversationId);
    return state && state.channel === 'voice' && state.external_id === sid ? state : undefined;
  }

  type IncomingCall = z.infer<typeof incomingCallSchema>;
  /**
   * The called number's owner with everything the answer needs, read together: the caller waits on each
   * trip. The caller's memory is one GetItem among them (docs/decisions/177-caller-memory.md), used only if
   * the owner's config says to remember callers. With `likelyOwner` (the number's webhook URL names its
   * owner) the number's reservation joins the same batch; every read here may then be for an owner who
   * turns out not to hold the number, so the block list is only read here (a blocked caller's attempt is
   * counted once the line is known).
   */
  const findLine = (calledNumber: string, caller?: string, likelyOwner?: string) =>
    findAssistantLineWith(
      deps.data,
      calledNumber,
      (ownerId) =>
        Promise.all([
          deps.data.subscriptions.getSubscription(ownerId),
          deps.data.objectives.getObjective(ownerId),
          // The block list's one GetItem, alongside the reads the answer needs anyway (decision 176).
          caller === undefined ? false : deps.data.blockedNumbers.isBlocked(ownerId, caller),
          caller !== undefined && isNorthAmericanPhone(caller)
            ? deps.data.callerMemories.get(ownerId, caller)
            : undefined,
        ]),
      likelyOwner,
    );
  type Line = NonNullable<Awaited<ReturnType<typeof findLine>>>;

  /**
   * The TwiML when the assistant may not answer (the owner's subscription lapsed, or the assistant is
   * unavailable): the call goes to `fallbackLine` or ends politely. Undefined when it may answer.
   */
  async function unavailableTwiml(call: IncomingCall, line: Line, fallbackLine: string | undefined) {
    const business = line.config.business_name?.trim() || 'us';
    if (!isSubscribed(line.alongside[0].status)) {
      deps.logger.info('Voice call forwarded: owner not subscribed', { callSid: call.CallSid });
      return sayThenDialTwiml(VOICE_TEXTS.lapsed(business), fallbackLine);
    }
    if (deps.receptionist.refusal('voice')) {
      // The assistant cannot answer (docs/decisions/160-fail-closed.md): never a rules engine on a real
      // caller; the call goes to the business's own phone, or ends politely when there is none.
      return fallbackLine
        ? sayThenDialTwiml(VOICE_TEXTS.assistantUnavailable(business), fallbackLine)
        : sayThenHangUpTwiml(VOICE_TEXTS.assistantUnavailableNoLine(business));
    }
    return undefined;
  }

  /**
   * The assistant answers: the call's conversation is created with its route (how it reached the assistant,
   * docs/decisions/173-answer-modes.md) and the route's greeting, and ConversationRelay connects.
   */
  async function answerWithAssistant(
    requestUrl: string,
    call: IncomingCall,
    line: Line,
    route: { call_route: AssistantCallRoute; owner_dial_status?: (typeof OWNER_DIAL_STATUSES)[number] },
    at: Date,
    fallbackLine: string | undefined,
  ) {
    const { ownerId, config } = line;
    const conversationId = conversationIdOfCall(call.CallSid);
    const profile = businessProfile(ownerId, config, line.alongside[1]);
    const recalled = remembers(profile, 'voice', call.From) ? (line.alongside[3] ?? null) : undefined;
    // A returning caller hears their name first ("Hi Ana, welcome back! Thanks for calling …"), and a
    // bilingual business's greeting then offers Spanish (decision 174). A caller remembered as speaking
    // Spanish, by a business that serves it, is greeted in Spanish, for the call's route too (after hours,
    // ring me first), and the relay opens in Spanish.
    const name = returningOf(recalled)?.name;
    const language: Language =
      recalled?.language && profile.languages.includes(recalled.language)
        ? recalled.language
        : DEFAULT_LANGUAGE;
    const routed = routeGreeting(route.call_route, {
      greetings: config.greetings,
      business: profile.name,
      assistant: profile.assistantName,
      usualWelcome: language === 'es' ? profile.spanishGreeting : welcomeGreeting(profile),
      clock: businessClockOf(config),
      at,
      language,
    });
    const greeted =
      language === 'es'
        ? personalGreeting(routed, name, 'es')
        : openingGreeting(personalGreeting(routed, name), config);
    // A recorded call says so first, in every language the business serves (decision 184); one past the
    // month's recording limit is answered unrecorded, and then says nothing of it.
    const recorded = await claimsRecording(deps, ownerId, config, at, call.CallSid);
    const greeting = recorded ? disclosedGreeting(greeted, language, servedLanguages(config)) : greeted;
    try {
      // Created straight away (a conditional put): a retry of the webhook finds it in the catch below,
      // so the first delivery, the one a caller waits on, pays no read first.
      await deps.receptionist.startConversation(
        {
          ownerId,
          channel: 'voice',
          caller: call.From,
          assistantNumber: call.To,
          externalId: call.CallSid,
          greeting,
          ...(recalled !== undefined ? { recalled } : {}),
          ...(language !== DEFAULT_LANGUAGE ? { language } : {}),
          route: { ...route, ...(call.ForwardedFrom ? { forwarded: true } : {}) },
        },
        conversationId,
        profile,
      );
    } catch (error) {
      if (error instanceof ConversationLimitError) {
        // Over the owner's daily conversation limit: the caller still reaches the business.
        const business = config.business_name?.trim() || 'us';
        return sayThenDialTwiml(VOICE_TEXTS.lapsed(business), fallbackLine);
      }
      // Twilio retried (or retries while the first request is still creating it): the conversation exists.
      if (!(await callConversation(conversationId, call.CallSid))) throw error;
    }
    deps.logger.info('Voice call answered by the relay', {
      callSid: call.CallSid,
      conversationId,
      route: route.call_route,
    });
    return relayTwiml(requestUrl, conversationId, greeting, config, language, recorded);
  }

  return { baseOf, relayTwiml, callConversation, findLine, unavailableTwiml, answerWithAssistant };
}

/**
 * The incoming call, the caller's first ring (Twilio's voice webhook): from the request's URL and its form,
 * already verified by X-Twilio-Signature, to the TwiML that answers it (ConversationRelay, the business
 * line, the lapsed owner's forward, a polite end or a rejection). 400 naming the failing fields when the
 * form is not a call's. Framework-free, so the telephony function answers a first ring without Hono's
 * Lambda adapter (entry/surfaces/incoming-call-direct.ts) with the same code as the Hono route.
 */
async function answerIncomingCall(
  deps: VoiceDeps,
  answers: ReturnType<typeof answerParts>,
  request: IncomingCallRequest,
): Promise<string> {
  const { findLine, unavailableTwiml, answerWithAssistant, baseOf } = answers;
  const call = parseOrBadRequest(incomingCallSchema, request.form);
  const line = await findLine(call.To, call.From, lineOwnerOf(request.url));
  if (!line) {
    deps.logger.info('Voice call to an unknown number', { callSid: call.CallSid });
    return sayThenHangUpTwiml(VOICE_TEXTS.unknownNumber);
  }
  if (line.alongside[2]) {
    // Before anything is stored or the assistant hears of it: only the number's counter moves, and its
    // failure is never the reason a blocked caller gets through.
    await deps.data.blockedNumbers.noteAttempt(line.ownerId, call.From).catch(() => undefined);
    deps.logger.info('Voice call rejected: blocked caller', { callSid: call.CallSid });
    return rejectTwiml();
  }
  await noteForwardedCall(deps, line, call);
  const businessLine = businessLineOf(line.config);
  const unavailable = await unavailableTwiml(call, line, businessLine);
  if (unavailable) return unavailable;
  // When the assistant answers (docs/decisions/173-answer-modes.md); a local simulated call may be placed
  // "as if at" another moment (only local entry points provide the call clock).
  const at = request.asIfAt ?? deps.now();
  const plan = answerPlan(line.config, at, { calledNumber: call.To, forwardedFrom: call.ForwardedFrom });
  if (plan.kind === 'business_line') {
    deps.logger.info('Voice call sent to the business line (open hours)', { callSid: call.CallSid });
    // Twilio's own wait (no timeout), as before; the action puts the call in the owner's call log, answered
    // or missed (decision 173, session 42), with nothing stored here: its start travels in the URL.
    return dialTwiml({
      to: plan.to,
      actionUrl: businessLineResultUrl(baseOf(request.url), deps.now().getTime()),
    });
  }
  if (plan.kind === 'ring_owner') {
    deps.logger.info('Voice call rings the business line first', {
      callSid: call.CallSid,
      seconds: plan.seconds,
    });
    // A caller who hangs up while it rings leaves no conversation: this is how the status callback knows.
    await deps.data.businessLineRings.ringing(call.CallSid, line.ownerId);
    return dialTwiml({
      to: plan.to,
      timeoutSeconds: plan.seconds,
      actionUrl: `${baseOf(request.url)}${VOICE_PATHS.ownerDialResult}`,
    });
  }
  return answerWithAssistant(request.url, call, line, { call_route: plan.route }, at, businessLine);
}
