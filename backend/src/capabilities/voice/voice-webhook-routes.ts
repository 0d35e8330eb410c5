import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { answerPlan, businessLineOf, routeGreeting } from '@shared/answer-modes';
import { OWNER_DIAL_STATUSES, type CallRoute } from '@shared/answer-mode-values';
import { businessClockOf } from '@shared/analytics';
import { isSubscribed } from '@shared/plans';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { isNorthAmericanPhone, toE164Phone } from '@shared/phone/phone-number';
import { callerPhoneSchema } from '@shared/schemas/phone-number';
import { callerTexts } from '@shared/caller-texts';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, type Language } from '@shared/language';
import { openingGreeting, servedLanguages } from '@shared/language-settings';
import type { BusinessConfig } from '@shared/schemas/business-config';
import {
  FINAL_CALL_STATUSES,
  handoffDataSchema,
  RELAY_LANGUAGE_CODES,
  relayLanguagesOf,
  relayVoiceIn,
  VOICE_RELAY,
  VOICE_TEXTS,
  type HandoffData,
} from '@shared/voice-relay';
import type { VoiceDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { parseOrBadRequest } from '../../platform/http/parse-input';
import {
  connectRelayTwiml,
  dialTwiml,
  hangUpTwiml,
  rejectTwiml,
  sayThenDialTwiml,
  sayThenHangUpTwiml,
  transferTwiml,
  whisperTwiml,
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
import { amendConversation, conversationAmender } from './relay/conversation-amend';
import { errorResponses, jsonContent } from '../../platform/http/openapi-helpers';
import { findAssistantLineWith } from '../phone-numbers/index';
import { readSignedTwilioRequest } from '../../providers/telephony/twilio-request';
import { noteForwardedCall } from '../forwarding/index';
import { textBackMissedCall } from '../caller-gates/index';
import { missedCallOf } from '@shared/caller-gates';
import { disclosedGreeting } from '@shared/call-recordings';
import { claimsRecording } from '../recordings/index';

export const TWILIO_VOICE_WEBHOOK_PATH = TWILIO_WEBHOOK_PATHS.voice;
export const VOICE_PATHS = {
  incoming: TWILIO_VOICE_WEBHOOK_PATH,
  status: TWILIO_WEBHOOK_PATHS.voiceStatus,
  after: TWILIO_WEBHOOK_PATHS.voiceAfter,
  whisper: TWILIO_WEBHOOK_PATHS.voiceWhisper,
  dialResult: TWILIO_WEBHOOK_PATHS.voiceDialResult,
  ownerDialResult: TWILIO_WEBHOOK_PATHS.voiceOwnerDialResult,
} as const;
/** The relay socket's path on the local server (the WebSocket API's own URL in AWS). */
export const LOCAL_RELAY_PATH = '/relay';

/** A call's conversation id follows from its CallSid, so Twilio's retries and callbacks find it by key. */
export const conversationIdOfCall = (callSid: string) => `call-${callSid}`;

const callSid = z.string().regex(/^CA[0-9a-f]{32}$/, 'must be a Twilio call sid');

export const incomingCallSchema = z.object({
  CallSid: callSid,
  AccountSid: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account sid'),
  // A withheld number arrives as text ('Anonymous'): kept as sent; a number in canonical E.164, so a
  // caller is one person across calls and texts (docs/decisions/166-phone-numbers.md).
  From: z
    .string()
    .max(40)
    .transform((from) => toE164Phone(from, 'possible') ?? from),
  To: callerPhoneSchema,
  // Set by Twilio on a call forwarded to the assistant number: the line it came through, when the carrier
  // passes it on (docs/decisions/172-forwarding.md, 173-answer-modes.md).
  ForwardedFrom: z
    .string()
    .max(40)
    .transform((from) => toE164Phone(from, 'possible') ?? from)
    .optional(),
  Called: z.string().max(40).optional(),
});
export const callStatusSchema = z.object({
  CallSid: callSid,
  CallStatus: z.string().max(40),
  CallDuration: z.coerce.number().int().min(0).max(86_400).optional(),
  // Twilio sends the call's From and To with its status: a call that never reached the assistant has no
  // conversation, and the text-back needs to know whose line it rang and who to text (decision 176).
  From: z.string().max(40).optional(),
  To: z.string().max(40).optional(),
});
const afterSchema = z.object({
  CallSid: callSid,
  HandoffData: z.string().max(10_000).optional(),
});
const whisperSchema = z.object({ CallSid: callSid, ParentCallSid: callSid.optional() });
const dialResultSchema = z.object({ CallSid: callSid, DialCallStatus: z.string().max(40).default('failed') });
const conversationQuery = z.object({ conversationId: z.string().min(1).max(100) });
/** Ring me first: the business phone's leg, posted on the caller's own call (its From, To, CallSid). */
const ownerDialResultSchema = incomingCallSchema.extend({
  DialCallStatus: z.string().max(40).default('failed'),
});

const xml = { 'Content-Type': 'text/xml; charset=utf-8' };

const documented = (path: string, summary: string) =>
  createRoute({
    method: 'post',
    path,
    tags: ['webhooks'],
    summary,
    request: {
      body: {
        content: { 'application/x-www-form-urlencoded': { schema: z.record(z.string(), z.string()) } },
        required: true,
      },
    },
    responses: {
      200: { content: { 'text/xml': { schema: z.string() } }, description: 'Voice TwiML' },
      400: errorResponses[400],
      403: jsonContent(apiErrorSchema, 'Missing or wrong X-Twilio-Signature'),
      500: errorResponses[500],
    },
  });

/** A signed webhook's form, read after its signature is checked: 400 naming the failing fields. */
const parse = parseOrBadRequest;

/**
 * Twilio's voice webhooks (docs/decisions/030-voice-channel.md), each verified by X-Twilio-Signature
 * before anything is read: the incoming call (ConversationRelay TwiML, or the lapsed owner's forward), the
 * call status callback (closes the conversation), the relay session's `action` (warm transfer), the
 * manager's whisper and the transfer's result (no answer → back to the assistant to take a message).
 */
export const voiceWebhookRoutes = (deps: VoiceDeps) => {
  const app = new OpenAPIHono<AppEnv>();
  for (const [path, summary] of [
    [VOICE_PATHS.incoming, "Twilio's incoming call: ConversationRelay TwiML, or the lapsed owner's forward"],
    [VOICE_PATHS.status, "Twilio's call status callback: closes the call's conversation"],
    [VOICE_PATHS.after, 'End of a ConversationRelay session: warm transfer or hang up'],
    [VOICE_PATHS.whisper, 'What the manager hears before a transferred call is joined'],
    [VOICE_PATHS.dialResult, "The transfer's result: nobody answered → back to the assistant"],
    [
      VOICE_PATHS.ownerDialResult,
      'Ring me first: the business phone did not pick up → the assistant answers',
    ],
  ] as const) {
    app.openAPIRegistry.registerPath(documented(path, summary));
  }
  const amender = conversationAmender(deps.data, deps.receptionist);
  const signed = (c: Parameters<typeof readSignedTwilioRequest>[0]) =>
    readSignedTwilioRequest(c, {
      authToken: deps.config.twilioWebhookAuthToken,
      publicApiUrl: deps.config.publicApiUrl,
    });
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

  /** A missed transfer: the manager gets the one-sentence summary by text at once. */
  async function textManagerTheSummary(
    state: ConversationState,
    profile: Awaited<ReturnType<VoiceDeps['receptionist']['profileOf']>>,
  ) {
    const transfer = state.actions.findLast((a) => a.tool === 'transfer');
    if (!state.assistant_number || !profile.managerNumber || !transfer) return;
    const body = VOICE_TEXTS.missedTransfer(profile.name, transfer.summary.replace(/^Transfer: /, ''));
    try {
      await deps.providers.telephony.sendSms({
        from: state.assistant_number,
        to: profile.managerNumber,
        body,
      });
    } catch (error) {
      deps.logger.warn('voice.missed_transfer_text_failed', {
        conversationId: state.id,
        error: String(error),
      });
    }
  }

  type IncomingCall = z.infer<typeof incomingCallSchema>;
  /**
   * The called number's owner with everything the answer needs, read together: the caller waits on each
   * trip. The caller's memory is one GetItem among them (docs/decisions/177-caller-memory.md), used only if
   * the owner's config says to remember callers.
   */
  const findLine = (calledNumber: string, caller?: string) =>
    findAssistantLineWith(deps.data, calledNumber, (ownerId) =>
      Promise.all([
        deps.data.subscriptions.getSubscription(ownerId),
        deps.data.objectives.getObjective(ownerId),
        // The block list's one GetItem, alongside the reads the answer needs anyway (decision 176).
        caller === undefined
          ? Promise.resolve('allowed' as const)
          : deps.data.blockedNumbers.screen(ownerId, caller),
        caller !== undefined && isNorthAmericanPhone(caller)
          ? deps.data.callerMemories.get(ownerId, caller)
          : undefined,
      ]),
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
    route: { call_route: CallRoute; owner_dial_status?: (typeof OWNER_DIAL_STATUSES)[number] },
    at: Date,
    fallbackLine: string | undefined,
  ) {
    const { ownerId, config } = line;
    const conversationId = conversationIdOfCall(call.CallSid);
    const profile = businessProfile(ownerId, config, line.alongside[1]);
    const recalled = remembers(profile, 'voice', call.From) ? (line.alongside[3] ?? null) : undefined;
    const routed = routeGreeting(route.call_route, {
      greetings: config.greetings,
      business: profile.name,
      assistant: profile.assistantName,
      usualWelcome: welcomeGreeting(profile),
      clock: businessClockOf(config),
      at,
    });
    // A returning caller hears their name first ("Hi Ana, welcome back! Thanks for calling …"), and a
    // bilingual business's greeting then offers Spanish (decision 174). A caller remembered as speaking
    // Spanish, by a business that serves it, is greeted in Spanish and the relay opens in Spanish.
    const name = returningOf(recalled)?.name;
    const language: Language =
      recalled?.language && profile.languages.includes(recalled.language)
        ? recalled.language
        : DEFAULT_LANGUAGE;
    const greeted =
      language === 'es'
        ? personalGreeting(profile.spanishGreeting, name, 'es')
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

  app.post(VOICE_PATHS.incoming, async (c) => {
    const call = parse(incomingCallSchema, await signed(c));
    const line = await findLine(call.To, call.From);
    if (!line) {
      deps.logger.info('Voice call to an unknown number', { callSid: call.CallSid });
      return c.body(await sayThenHangUpTwiml(VOICE_TEXTS.unknownNumber), 200, xml);
    }
    if (line.alongside[2] === 'blocked') {
      // Before anything is stored or the assistant hears of it: only the number's counter moved.
      deps.logger.info('Voice call rejected: blocked caller', { callSid: call.CallSid });
      return c.body(await rejectTwiml(), 200, xml);
    }
    await noteForwardedCall(deps, line, call);
    const businessLine = businessLineOf(line.config);
    const unavailable = await unavailableTwiml(call, line, businessLine);
    if (unavailable) return c.body(unavailable, 200, xml);
    // When the assistant answers (docs/decisions/173-answer-modes.md); a local simulated call may be placed
    // "as if at" another moment (only local entry points provide the call clock).
    const at = deps.standIns?.callClock?.(c.req.raw) ?? deps.now();
    const plan = answerPlan(line.config, at, { calledNumber: call.To, forwardedFrom: call.ForwardedFrom });
    if (plan.kind === 'business_line') {
      deps.logger.info('Voice call sent to the business line (open hours)', { callSid: call.CallSid });
      return c.body(await dialTwiml({ to: plan.to }), 200, xml);
    }
    if (plan.kind === 'ring_owner') {
      deps.logger.info('Voice call rings the business line first', {
        callSid: call.CallSid,
        seconds: plan.seconds,
      });
      return c.body(
        await dialTwiml({
          to: plan.to,
          timeoutSeconds: plan.seconds,
          actionUrl: `${baseOf(c.req.url)}${VOICE_PATHS.ownerDialResult}`,
        }),
        200,
        xml,
      );
    }
    return c.body(
      await answerWithAssistant(c.req.url, call, line, { call_route: plan.route }, at, businessLine),
      200,
      xml,
    );
  });

  app.post(VOICE_PATHS.ownerDialResult, async (c) => {
    const form = parse(ownerDialResultSchema, await signed(c));
    const status = OWNER_DIAL_STATUSES.find((s) => s === form.DialCallStatus);
    // The owner picked up and the call is over, or the caller hung up while it rang: nothing more to do.
    if (!status) return c.body(await hangUpTwiml(), 200, xml);
    const line = await findLine(form.To, form.From);
    if (!line) return c.body(await sayThenHangUpTwiml(VOICE_TEXTS.unknownNumber), 200, xml);
    // The business line has just rung out: it is never dialled again from here.
    const unavailable = await unavailableTwiml(form, line, undefined);
    if (unavailable) return c.body(unavailable, 200, xml);
    const at = deps.standIns?.callClock?.(c.req.raw) ?? deps.now();
    return c.body(
      await answerWithAssistant(
        c.req.url,
        form,
        line,
        { call_route: 'ring_first', owner_dial_status: status },
        at,
        undefined,
      ),
      200,
      xml,
    );
  });

  app.post(VOICE_PATHS.status, async (c) => {
    const status = parse(callStatusSchema, await signed(c));
    if ((FINAL_CALL_STATUSES as readonly string[]).includes(status.CallStatus)) {
      const conversationId = conversationIdOfCall(status.CallSid);
      const state = await callConversation(conversationId, status.CallSid);
      if (state) {
        await deps.receptionist.finish(
          conversationId,
          `call ${status.CallStatus}${status.CallDuration !== undefined ? ` after ${status.CallDuration} s` : ''}`,
        );
      }
      await textBackIfMissed(status, state);
    }
    return c.body(await hangUpTwiml(), 200, xml);
  });

  /**
   * A call the assistant never spoke on gets the missed-call text-back (docs/decisions/176): one that never
   * connected (its owner found by the number it rang), or one that ended before the relay connected.
   * Logged, never thrown: Twilio's status callback has nothing to retry.
   */
  async function textBackIfMissed(
    status: z.infer<typeof callStatusSchema>,
    state: ConversationState | undefined,
  ) {
    const kind = missedCallOf({
      status: status.CallStatus,
      conversation: state ? { answered: state.answered_at !== undefined } : undefined,
    });
    if (!kind) return;
    try {
      const assistantNumber = state?.assistant_number ?? status.To;
      const caller = state?.caller ?? status.From;
      if (!assistantNumber || !caller) return;
      const ownerId =
        state?.owner_id ??
        (await deps.data.phoneReservations
          .get(assistantNumber)
          .then((r) => (r?.status === 'active' ? r.owner_id : undefined)));
      if (!ownerId) return;
      await textBackMissedCall(deps, {
        ownerId,
        assistantNumber,
        caller,
        kind,
        language: state?.language,
        callSid: status.CallSid,
      });
    } catch (error) {
      deps.logger.warn('voice.missed_call_text_back_failed', {
        callSid: status.CallSid,
        error: String(error),
      });
    }
  }

  app.post(VOICE_PATHS.after, async (c) => {
    const form = parse(afterSchema, await signed(c));
    const { conversationId } = parse(conversationQuery, c.req.query());
    const state = await callConversation(conversationId, form.CallSid);
    let handoff: HandoffData | undefined;
    try {
      handoff = form.HandoffData ? handoffDataSchema.parse(JSON.parse(form.HandoffData)) : undefined;
    } catch {
      handoff = undefined;
    }
    if (!state || handoff?.reasonCode !== 'live-agent-handoff' || handoff.conversationId !== conversationId) {
      return c.body(await hangUpTwiml(), 200, xml);
    }
    const at = deps.now().toISOString();
    await amendConversation(amender, conversationId, (s) => {
      s.actions.push({
        tool: 'transfer',
        ok: true,
        summary: `Transfer: ${handoff.summary}`.slice(0, 500),
        at,
      });
      s.achieved.escalated = true;
    });
    const base = baseOf(c.req.url);
    const query = `?conversationId=${encodeURIComponent(conversationId)}`;
    return c.body(
      await transferTwiml({
        to: handoff.to,
        whisperUrl: `${base}${VOICE_PATHS.whisper}${query}`,
        actionUrl: `${base}${VOICE_PATHS.dialResult}${query}`,
        timeoutSeconds: VOICE_RELAY.transferTimeoutSeconds,
        ...(state.assistant_number ? { callerId: state.assistant_number } : {}),
      }),
      200,
      xml,
    );
  });

  app.post(VOICE_PATHS.whisper, async (c) => {
    const form = parse(whisperSchema, await signed(c));
    const { conversationId } = parse(conversationQuery, c.req.query());
    const state = await callConversation(conversationId, form.ParentCallSid ?? form.CallSid);
    const transfer = state?.actions.findLast((a) => a.tool === 'transfer');
    const summary = transfer?.summary.replace(/^Transfer: /, '') ?? 'A caller asked for you.';
    // The manager hears, in English, that the caller speaks Spanish before the calls are joined (decision 174).
    const language = state?.language && state.language !== 'en' ? LANGUAGE_NAMES[state.language] : undefined;
    return c.body(await whisperTwiml(VOICE_TEXTS.whisper(summary, language)), 200, xml);
  });

  app.post(VOICE_PATHS.dialResult, async (c) => {
    const form = parse(dialResultSchema, await signed(c));
    const { conversationId } = parse(conversationQuery, c.req.query());
    const state = await callConversation(conversationId, form.CallSid);
    if (!state || state.ended_at) return c.body(await hangUpTwiml(), 200, xml);
    const at = deps.now().toISOString();
    if (form.DialCallStatus === 'completed') {
      await amendConversation(amender, conversationId, (s) => {
        s.actions.push({ tool: 'transfer_result', ok: true, summary: 'The manager answered', at });
      });
      return c.body(await hangUpTwiml(), 200, xml);
    }
    // Nobody answered: the call comes back to the assistant, which takes a message for the manager.
    const profile = await deps.receptionist.profileOf(state.owner_id);
    const comeBack = callerTexts(state.language).voice.noAnswer(profile.managerName);
    await amendConversation(amender, conversationId, (s) => {
      s.actions.push({
        tool: 'transfer_result',
        ok: false,
        summary: `The manager did not answer (${form.DialCallStatus})`.slice(0, 500),
        at,
      });
      s.turns.push({ speaker: 'assistant', text: comeBack, at });
      s.memory.awaiting = 'message_name';
    });
    await textManagerTheSummary(state, profile);
    const config = await deps.data.businessConfigs.getConfig(state.owner_id);
    return c.body(await relayTwiml(c.req.url, conversationId, comeBack, config, state.language), 200, xml);
  });

  return app;
};
