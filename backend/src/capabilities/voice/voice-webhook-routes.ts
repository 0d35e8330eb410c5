import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { OWNER_DIAL_STATUSES } from '@shared/answer-mode-values';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { callerTexts } from '@shared/caller-texts';
import { LANGUAGE_NAMES } from '@shared/language';
import { FINAL_CALL_STATUSES, VOICE_RELAY, VOICE_TEXTS } from '@shared/voice-relay';
import { handoffDataSchema, type HandoffData } from '@shared/voice-relay-handoff';
import type { VoiceDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { parseOrBadRequest } from '../../platform/http/parse-input';
import {
  hangUpTwiml,
  sayThenHangUpTwiml,
  transferTwiml,
  whisperTwiml,
} from '../../providers/telephony/twiml-on-demand';
import type { ConversationState } from '../receptionist/records/index';
import { amendConversation, conversationAmender } from './relay/conversation-amend';
import { errorResponses, jsonContent } from '../../platform/http/openapi-helpers';
import { readSignedTwilioRequest } from '../../providers/telephony/twilio-request';
import { textBackMissedCall } from '../caller-gates/index';
import { missedCallOf } from '@shared/caller-gates';
import {
  afterSchema,
  businessLineQuery,
  callStatusSchema,
  conversationIdOfCall,
  conversationQuery,
  dialResultSchema,
  ownerDialResultSchema,
  VOICE_PATHS,
  whisperSchema,
} from './webhook-forms';
import { voiceAnswers } from './call-answer';
import { businessPhonePickedUp, noteBusinessLineCall, noteOwnerAnsweredCall } from './owner-answered-call';

export {
  conversationIdOfCall,
  incomingCallSchema,
  callStatusSchema,
  LOCAL_RELAY_PATH,
  TWILIO_VOICE_WEBHOOK_PATH,
  VOICE_PATHS,
} from './webhook-forms';

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
      "The business phone's leg: ring me first falls back to the assistant; in-hours calls are logged",
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
  const {
    baseOf,
    relayTwiml,
    callConversation,
    findLine,
    unavailableTwiml,
    answerWithAssistant,
    answerIncomingCall,
  } = voiceAnswers(deps);

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

  app.post(VOICE_PATHS.incoming, async (c) => {
    const form = await signed(c);
    const twiml = await answerIncomingCall({
      url: c.req.url,
      form,
      asIfAt: deps.standIns?.callClock?.(c.req.raw),
    });
    return c.body(twiml, 200, xml);
  });

  app.post(VOICE_PATHS.ownerDialResult, async (c) => {
    const form = parse(ownerDialResultSchema, await signed(c));
    if (c.req.query('line') !== undefined) {
      // After hours only, in opening hours: the business phone had the call, answered or not; it goes in
      // the owner's call log either way and the call ends there, as a plain <Dial> did (decision 173).
      const { rang_at_ms } = parse(businessLineQuery, c.req.query());
      await noteBusinessLineCall(deps, {
        callSid: form.CallSid,
        caller: form.From,
        to: form.To,
        rangAtMs: rang_at_ms,
        dialStatus: form.DialCallStatus,
        talkedSeconds: form.DialCallDuration,
      });
      return c.body(await hangUpTwiml(), 200, xml);
    }
    const status = OWNER_DIAL_STATUSES.find((s) => s === form.DialCallStatus);
    // The owner picked up and the call is over, or the caller hung up while it rang: nothing more to say.
    // A call the owner took is remembered, so its final status is not taken for a missed one, and it goes
    // in the owner's call log as answered by them.
    if (!status) {
      if (businessPhonePickedUp(form.DialCallStatus))
        await noteOwnerAnsweredCall(deps, {
          callSid: form.CallSid,
          caller: form.From,
          talkedSeconds: form.DialCallDuration,
        });
      return c.body(await hangUpTwiml(), 200, xml);
    }
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
    try {
      // Only a completed call without a conversation may have rung the business's line first.
      const businessLine =
        !state && status.CallStatus === 'completed'
          ? await deps.data.businessLineRings.get(status.CallSid)
          : undefined;
      const kind = missedCallOf({
        status: status.CallStatus,
        conversation: state ? { answered: state.answered_at !== undefined } : undefined,
        businessLine,
      });
      if (!kind) return;
      const assistantNumber = state?.assistant_number ?? status.To;
      const caller = state?.caller ?? status.From;
      if (!assistantNumber || !caller) return;
      const ownerId =
        state?.owner_id ??
        businessLine?.ownerId ??
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
