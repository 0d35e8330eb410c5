import { callerTexts } from '@shared/caller-texts';
import type { Language } from '@shared/language';
import { languageOfRelayCode, relayLanguageMessage, VOICE_RELAY } from '@shared/voice-relay';
import type { HandoffData } from '@shared/voice-relay-handoff';
import {
  relayIncomingSchema,
  RELAY_PROMPT_MAX_CHARS,
  type RelayIncoming,
  type RelayOutgoing,
  type RelaySetup,
} from '@shared/voice-relay-messages';
import type { RelayCall, RelayCallRepository } from '../records/relay-calls';
import type { Logger } from '../../../platform/logging/logger';
import type { Metrics } from '../../../platform/observability/metrics';
import type { ConversationState, EngineEvent } from '../../receptionist/records/index';
import type { BusinessProfile, TurnWarmth } from '../../receptionist/index';
import { amendConversation } from './conversation-amend';
import { relayBindings, type RelayBindings } from './relay-bindings';

/** Delivers one message to Twilio (or the browser); rejects when the socket is gone. */
export type RelaySender = (message: RelayOutgoing) => Promise<void>;

export type RelaySessionDeps = {
  receptionist: {
    /** `language`: what Twilio transcribed the words in (the prompt's `lang`). */
    /** `ownerId`: the conversation's owner, stored at setup (the engine reads the business beside the lease). */
    /** `warm`: what the connection's last turn ended with; the engine asks the model from it at once. */
    runTurn(
      conversationId: string,
      input: { text: string; language?: Language; ownerId?: string; warm?: TurnWarmth },
    ): AsyncIterable<EngineEvent>;
    finish(conversationId: string, reason: string): Promise<void>;
    /** The business a turn runs on; read at setup so the call's first turn may start warm too. */
    profileOf?(ownerId: string): Promise<BusinessProfile>;
  };
  conversations: {
    get(id: string): Promise<ConversationState | undefined>;
    /** Stores an amended state (and its conversation record); false when another write came first. */
    amend(state: ConversationState): Promise<boolean>;
  };
  relayCalls: Pick<RelayCallRepository, 'get' | 'setUp' | 'end'>;
  logger: Logger;
  /** RelayErrors counts each call the relay could not carry on normally (the relay-errors alarm). */
  metrics: Metrics;
  fillerAfterMs?: number;
  now?: () => Date;
  /**
   * The conversations this instance's connections are bound to (relay-bindings.ts), so a turn starts beside
   * the relay-call read. Absent: the session remembers its own connection's (a `ws` socket's session lives
   * as long as the call; a Lambda handler passes one per instance).
   */
  bindings?: RelayBindings;
};

/** A turn's engine run, started: its first event waits for the lease and the business reads. */
type StartedTurn = {
  conversationId: string;
  events: AsyncIterator<EngineEvent>;
  first: Promise<IteratorResult<EngineEvent>>;
};

/** What a message asks a turn for: a final prompt's words within the limit, or DTMF 0; else undefined. */
function turnRequest(message: RelayIncoming): { text: string; heardIn?: Language } | undefined {
  if (message.type === 'dtmf')
    return message.digit === '0' ? { text: VOICE_RELAY.dtmfPersonRequest } : undefined;
  if (message.type !== 'prompt' || !message.last) return undefined;
  const text = message.voicePrompt.trim();
  if (!text || text.length > RELAY_PROMPT_MAX_CHARS) return undefined;
  const heardIn = languageOfRelayCode(message.lang);
  return { text, ...(heardIn ? { heardIn } : {}) };
}

class SocketGone extends Error {}

/**
 * The assistant's reply trimmed to what the caller heard before talking over it: Twilio reports the
 * spoken part (utteranceUntilInterrupt); when it is not a prefix of the reply (TTS normalised it), the
 * reply is cut at the same length. Pure, so the rule is tested on its own.
 */
export function trimToHeard(reply: string, heard: string): string {
  const spoken = heard.trim();
  if (!spoken) return '';
  if (reply.startsWith(spoken)) return spoken;
  return reply.slice(0, spoken.length).trim();
}

/**
 * One ConversationRelay message, independent of transport (the local `ws` server and the API Gateway
 * Lambda both call it per message; the socket's state lives in the relay-call item, so any instance can
 * take the next message). `setup` binds the socket to the conversation the voice webhook created; each
 * final `prompt` is one engine turn whose text streams back as `text` tokens ending with `last`;
 * `interrupt` trims the transcript to what the caller heard; DTMF 0 asks for a person; a transfer or an
 * end closes the session with `end` and its handoffData. Out-of-order or malformed messages get a clean
 * `end` (protocol-error) or are logged; they never touch the conversation record.
 */
export function createRelaySession(
  deps: RelaySessionDeps,
  connection: { connectionId: string; send: RelaySender },
) {
  const fillerAfterMs = deps.fillerAfterMs ?? VOICE_RELAY.fillerAfterMs;
  const bindings = deps.bindings ?? relayBindings(1);
  let gone = false;
  const send = async (message: RelayOutgoing) => {
    if (gone) return;
    try {
      await connection.send(message);
    } catch {
      gone = true;
      throw new SocketGone();
    }
  };
  const endWith = async (handoff: HandoffData) => {
    bindings.delete(connection.connectionId);
    await deps.relayCalls.end(connection.connectionId);
    await send({ type: 'end', handoffData: JSON.stringify(handoff) });
  };
  const protocolError = async (reason: string) => {
    deps.logger.warn('voice_relay.protocol_error', { connectionId: connection.connectionId, reason });
    deps.metrics.count('RelayErrors');
    await endWith({ reasonCode: 'protocol-error', reason });
  };

  async function setup(call: RelayCall, message: RelaySetup) {
    const conversationId = message.customParameters?.[VOICE_RELAY.conversationParameter];
    if (call.conversationId) return protocolError('setup was already received');
    if (!conversationId) return protocolError('setup has no conversationId parameter');
    const state = await deps.conversations.get(conversationId);
    const allowed =
      state &&
      !state.ended_at &&
      (call.caller.kind === 'twilio'
        ? state.channel === 'voice' && state.external_id === message.callSid
        : state.channel === 'test' && state.owner_id === call.caller.sub);
    if (!allowed) return protocolError('unknown or closed conversation');
    if (
      !(await deps.relayCalls.setUp(connection.connectionId, conversationId, message.callSid, state.owner_id))
    )
      return protocolError('setup was already received');
    bindings.set(connection.connectionId, { conversationId, ownerId: state.owner_id });
    deps.logger.info('voice_relay.setup', { connectionId: connection.connectionId, conversationId });
    // Twilio speaks the welcome greeting as the relay connects: the call is answered now (the Overview's
    // time to answer). A failure here must not end the call.
    const answeredAt = (deps.now ?? (() => new Date()))().toISOString();
    // The business is read beside: with the answered state, the call's first turn may start warm.
    const profile = deps.receptionist.profileOf?.(state.owner_id).catch(() => undefined);
    const answered = await amendConversation(deps.conversations, conversationId, (s) => {
      s.answered_at ??= answeredAt;
    }).catch((error: unknown) =>
      deps.logger.warn('voice_relay.answered_at_failed', { conversationId, error: String(error) }),
    );
    const business = await profile;
    if (answered && business) {
      const warm = bindings.warmth(connection.connectionId, conversationId);
      warm.state = answered;
      warm.profile = business;
    }
  }

  function startTurn(
    conversationId: string,
    ownerId: string | undefined,
    request: { text: string; heardIn?: Language },
  ): StartedTurn {
    const run = deps.receptionist.runTurn(conversationId, {
      text: request.text,
      ...(request.heardIn ? { language: request.heardIn } : {}),
      ...(ownerId ? { ownerId } : {}),
      warm: bindings.warmth(connection.connectionId, conversationId),
    });
    const events = run[Symbol.asyncIterator]();
    const first = events.next();
    // Awaited by the turn, or dropped with the turn: a failure must not go unhandled meanwhile.
    first.catch(() => undefined);
    return { conversationId, events, first };
  }

  /**
   * A turn started beside the relay-call read that is not to run after all (the call ended, or the message
   * failed): the engine's first event comes before any write or model request, so closing the run there
   * only releases its lease.
   */
  async function abandon(started: StartedTurn) {
    await started.first.catch(() => undefined);
    await started.events.return?.().catch(() => undefined);
  }

  /** Runs one engine turn, streaming its text; the turn runs to its end even if the caller hangs up. */
  async function turn(
    call: RelayCall,
    conversationId: string,
    request: { text: string; heardIn?: Language },
    started?: StartedTurn,
  ) {
    const { events, first } = started ?? startTurn(conversationId, call.ownerId, request);
    let pending: Promise<IteratorResult<EngineEvent>> | undefined = first;
    let language: Language | undefined;
    let transfer: { to: string; summary: string } | undefined;
    let ended: string | undefined;
    const speak = async (token: string) => {
      try {
        await send({ type: 'text', token, last: false });
      } catch {
        // The socket is gone: keep draining so the engine stores the turn whole.
      }
    };
    // From a tool call to the next words the caller hears, the wait is the tool's run AND the model's answer
    // after it: the filler plays once that whole wait passes the threshold (docs/decisions/185-model-latency.md),
    // at most once until words come.
    let fillerDue: number | undefined;
    let fillerSpoken = false;
    for (;;) {
      const next = pending ?? events.next();
      pending = undefined;
      let result: IteratorResult<EngineEvent>;
      if (fillerDue !== undefined && !gone) {
        let timer: NodeJS.Timeout | undefined;
        const filler = new Promise<'filler'>((resolve) => {
          timer = setTimeout(() => resolve('filler'), Math.max(0, fillerDue! - Date.now()));
        });
        const first = await Promise.race([next, filler]);
        clearTimeout(timer);
        if (first === 'filler') {
          fillerDue = undefined;
          fillerSpoken = true;
          await speak(`${callerTexts(language).voice.filler} `);
        }
        result = await next;
      } else result = await next;
      if (result.done) break;
      const event = result.value;
      if (event.type === 'tool_call' && !fillerSpoken) fillerDue ??= Date.now() + fillerAfterMs;
      else if (event.type === 'text') {
        fillerDue = undefined;
        fillerSpoken = false;
      }
      if (event.type === 'language') {
        language = event.language;
        // Twilio transcribes and speaks the new language from the reply on (docs/decisions/174-spanish.md).
        if (event.changed) await send(relayLanguageMessage(event.language)).catch(() => undefined);
      } else if (event.type === 'text') await speak(event.delta);
      else if (event.type === 'transfer') transfer = { to: event.to, summary: event.summary };
      else if (event.type === 'end') ended = event.reason;
      else if (event.type === 'hang_up') ended ??= 'hang_up';
    }
    try {
      await send({ type: 'text', token: '', last: true });
      if (transfer) {
        await endWith({ reasonCode: 'live-agent-handoff', conversationId, ...transfer });
      } else if (ended) {
        await endWith({ reasonCode: 'end', conversationId, reason: ended });
      }
    } catch (error) {
      if (!(error instanceof SocketGone)) throw error;
    }
  }

  async function interrupt(conversationId: string, heard: string) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const state = await deps.conversations.get(conversationId);
      const last = state?.turns.at(-1);
      if (!state || !last || last.speaker !== 'assistant') return;
      const trimmed = trimToHeard(last.text, heard);
      if (trimmed === last.text) return;
      state.turns[state.turns.length - 1] = { ...last, text: trimmed ? `${trimmed} …` : '…' };
      if (await deps.conversations.amend(state)) {
        // The next turn starts from the trimmed transcript, as its fresh read will say.
        bindings.warmth(connection.connectionId, conversationId).state = state;
        return;
      }
    }
  }

  async function handle(raw: string) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      deps.logger.warn('voice_relay.not_json', { connectionId: connection.connectionId });
      return;
    }
    const parsed = relayIncomingSchema.safeParse(json);
    if (!parsed.success) {
      // Twilio may add message types; an unreadable message is logged and skipped, the call goes on.
      deps.logger.warn('voice_relay.invalid_message', {
        connectionId: connection.connectionId,
        issue: parsed.error.issues[0]?.message,
      });
      return;
    }
    const message = parsed.data;
    const request = turnRequest(message);
    const bound = bindings.get(connection.connectionId);
    // A connection already bound: the turn's lease and business reads go out beside the relay-call read
    // (docs/decisions/185-model-latency.md); the read still decides whether the turn runs.
    let early = bound && request ? startTurn(bound.conversationId, bound.ownerId, request) : undefined;
    try {
      return await dispatch(message, request, () => {
        const started = early;
        early = undefined;
        return started;
      });
    } finally {
      if (early) await abandon(early);
    }
  }

  async function dispatch(
    message: RelayIncoming,
    request: { text: string; heardIn?: Language } | undefined,
    takeEarly: () => StartedTurn | undefined,
  ) {
    const call = await deps.relayCalls.get(connection.connectionId);
    if (!call) return protocolError('unknown connection');
    if (call.ended) return endWith({ reasonCode: 'end', reason: 'already_ended' });
    if (message.type === 'setup') return setup(call, message);
    if (message.type === 'error') {
      deps.logger.warn('voice_relay.twilio_error', {
        connectionId: connection.connectionId,
        description: message.description.slice(0, 300),
      });
      deps.metrics.count('RelayErrors');
      return;
    }
    const conversationId = call.conversationId;
    if (!conversationId) return protocolError(`${message.type} before setup`);
    // Kept for the connection's next message (a Lambda instance that did not see the setup learns it here).
    bindings.set(connection.connectionId, {
      conversationId,
      ...(call.ownerId ? { ownerId: call.ownerId } : {}),
    });
    if (request) {
      const early = takeEarly();
      if (early && early.conversationId !== conversationId) await abandon(early);
      return turn(
        call,
        conversationId,
        request,
        early?.conversationId === conversationId ? early : undefined,
      );
    }
    if (
      message.type === 'prompt' &&
      message.last &&
      message.voicePrompt.trim().length > RELAY_PROMPT_MAX_CHARS
    ) {
      const language = (await deps.conversations.get(conversationId))?.language;
      await send({ type: 'text', token: callerTexts(language).voice.promptTooLong, last: true });
      return;
    }
    if (message.type === 'interrupt') return interrupt(conversationId, message.utteranceUntilInterrupt);
  }

  return {
    /** Handles one message to its end. Never rejects: a vanished socket only stops what is sent. */
    async handleMessage(raw: string): Promise<void> {
      try {
        await handle(raw);
      } catch (error) {
        if (error instanceof SocketGone) return;
        deps.logger.error('voice_relay.failed', {
          connectionId: connection.connectionId,
          error: String(error),
        });
        deps.metrics.count('RelayErrors');
        try {
          await endWith({ reasonCode: 'end', reason: 'error' });
        } catch {
          // Nothing more can reach the caller.
        }
      }
    },
    /** The socket closed: the conversation ends unless a transfer is carrying the call on. */
    /** Never rejects either: a failure is logged and counted (both transports call it on close). */
    async closed(): Promise<void> {
      try {
        const call = await deps.relayCalls.get(connection.connectionId);
        bindings.delete(connection.connectionId);
        await deps.relayCalls.end(connection.connectionId);
        if (call?.conversationId && !call.ended && call.caller.kind === 'owner') {
          await deps.receptionist.finish(call.conversationId, 'test call hung up');
        }
      } catch (error) {
        deps.logger.error('voice_relay.close_failed', {
          connectionId: connection.connectionId,
          error: String(error),
        });
        deps.metrics.count('RelayErrors');
      }
    },
    /** The transport reported a socket error (the local `ws` server; API Gateway reports none). */
    socketError(error: unknown): void {
      deps.logger.warn('voice_relay.socket_error', {
        connectionId: connection.connectionId,
        error: String(error),
      });
      deps.metrics.count('RelayErrors');
    },
  };
}
export type RelaySession = ReturnType<typeof createRelaySession>;
