import { addLogContext } from '../../platform/logging/log-context';
import type { EmitWebhookEvent } from '../webhooks/index';
import { conversationPayload, emitAppointmentChange } from './webhook-payloads';
import type { ReminderPlanning } from '../reminders/index';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { callerTexts } from '@shared/caller-texts';
import { honestyFindingOf, isManipulationAttempt } from '@shared/knowledge';
import { spokenTimeIn } from '@shared/receptionist/spoken-time-es';
import { callerLanguage, DEFAULT_LANGUAGE, isOnlyLanguageRequest, type Language } from '@shared/language';
import type { Appointment } from '@shared/schemas/appointment';
import type { CalendarModel } from '@shared/schemas/calendar-model';
import { formatDollars } from '@shared/receptionist/deposits';
import { RECEPTIONIST_LIMITS } from '@shared/receptionist/limits';
import { slotPrefetchOf } from '@shared/receptionist/slot-prefetch';
import { spokenTime } from '@shared/receptionist/business-time';
import type { AppointmentRepository } from '../appointments/records/index';
import type { BusinessConfigRepository, ObjectivesRepository } from '../setup/records/index';
import type { ConversationRepository, OwnerMessageRepository } from '../conversations/records/index';
import {
  StaleConversationError,
  type ConversationStateRepository,
  type TransactItem,
} from './records/conversation-states';
import type { CallerMemoryRepository } from './records/caller-memories';
import { factsOf, learnFromTool, remembers } from './caller-memory';
import type { PayoutRepository } from '../payouts/records/index';
import type { KnowledgeBaseRepository } from '../knowledge/records/index';
import { depositRefunds, type DepositLinks } from './deposit-refunds';
import type { OwnerCalendar } from '../calendars/index';
import type { SchedulingLinkBookingRepository } from '../calendars/records/index';
import { schedulerBookings } from './scheduling-link-bookings';
import type { RateLimiter } from '../../platform/dynamo/rate-limits';
import type { Logger } from '../../platform/logging/logger';
import type { Metrics } from '../../platform/observability/metrics';
import type { BusinessProfile } from './business-profile';
import { conversationStart, metricChannel, welcomeGreeting } from './conversation-start';
import { buildInstructions, buildTurnContext } from './instructions';
import { ownerBookings } from './owner-bookings';
import type {
  ModelMessage,
  ModelRequest,
  ModelToolCall,
  ReceptionistModel,
  ToolSpec,
} from './model/model-types';
import {
  adoptedStream,
  dropSpeculation,
  sameModelRequest,
  type SpeculativeStep,
  type TurnWarmth,
} from './speculative-turn';
import { conversationRecord } from './conversation-record';
import { TOOLS } from './tools/all-tools';
import { isTextable, type ToolContext, type ToolResult, type ToolServices } from './tools/tool-types';
import type {
  ConversationState,
  EngineEvent,
  StartConversation,
  ToolName,
} from './records/conversation-types';
import { TOOL_NAMES } from './records/conversation-types';

/** Runs a whole turn and collects its events (channels that answer in one piece: SMS, the test chat). */
export async function collectTurn(
  receptionist: Pick<Receptionist, 'runTurn'>,
  conversationId: string,
  text: string,
  ownerId?: string,
): Promise<EngineEvent[]> {
  const events: EngineEvent[] = [];
  for await (const event of receptionist.runTurn(conversationId, { text, ...(ownerId ? { ownerId } : {}) }))
    events.push(event);
  return events;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A turn holds its conversation's lease this long at most; a crashed turn's lease lapses after it. */
const TURN_LEASE_MS = 30_000;
/** How long a turn waits for the one before it in the same conversation. */
const TURN_WAIT_MS = 20_000;

export class ConversationNotFoundError extends Error {}
/** Turns kept arriving faster than they could run; the channel may answer "try again shortly". */
export class ConversationBusyError extends Error {
  readonly retryAfterSeconds = 2;
}

export type ReceptionistDeps = {
  data: {
    businessConfigs: BusinessConfigRepository;
    objectives: ObjectivesRepository;
    appointments: AppointmentRepository;
    conversationStates: ConversationStateRepository;
    conversations: ConversationRepository;
    ownerMessages: OwnerMessageRepository;
    callerMemories: Pick<CallerMemoryRepository, 'get' | 'remember'>;
    payouts: Pick<PayoutRepository, 'get' | 'addCollected'>;
    schedulingLinks: Pick<SchedulingLinkBookingRepository, 'create' | 'get' | 'settle'>;
    /** The owner's knowledge base (docs/decisions/181); absent in tests that need none. */
    knowledgeBase?: Pick<KnowledgeBaseRepository, 'list'>;
    /** The owner's services, staff and resources (docs/decisions/183); absent: a business without any. */
    calendarModel?: { get(ownerId: string, options?: { consistent?: boolean }): Promise<CalendarModel> };
  };
  model: ReceptionistModel;
  /** Sends a text from an assistant number; the channel's opt-out list is checked first. */
  sms: {
    send(message: { from: string; to: string; body: string }): Promise<void>;
    isOptedOut(assistantNumber: string, to: string): Promise<boolean>;
  };
  deposits: DepositLinks;
  /** The owner's connected calendar (availability and mirrored events); absent, only the internal one. */
  calendar?: OwnerCalendar;
  rateLimiter: Pick<RateLimiter, 'hit' | 'countedHit'>;
  /** The owner's notifications (issue 13 §2): told when a conversation starts, moves and ends. */
  notify?: ConversationEvents;
  /** Business metrics (observability/metrics.ts): conversations started, bookings, deposits paid. */
  metrics: Metrics;
  /** Plans a booked or moved appointment's reminders (docs/decisions/175-reminders.md). */
  reminders?: Pick<ReminderPlanning, 'planFor'>;
  /** Signed outbound webhooks (docs/decisions/178): one queued message per event, never an HTTP call here. */
  webhooks?: { emit: EmitWebhookEvent };
  now: () => Date;
  logger: Logger;
};

/**
 * What the notifications need to hear from the engine. Each resolves after a small durable write at most;
 * e-mails and texts are sent in the background, so no caller waits on them.
 */
export type ConversationEvents = {
  /** An item to write in the transaction that creates the conversation, if any. */
  startMarker(state: ConversationState): TransactItem | undefined;
  conversationEnded(state: ConversationState): Promise<void>;
  depositPaid(input: {
    ownerId: string;
    sessionId: string;
    amountCents: number;
    caller: string;
    conversation?: Pick<ConversationState, 'id' | 'started_at' | 'channel'>;
  }): Promise<void>;
};

let toolSpecs: ToolSpec[] | undefined;
/**
 * Tool descriptions for a chat model: JSON Schema from each tool's zod arguments. Built at the first turn,
 * not at import: converting the schemas took 5 ms of every function's cold start (issue 16 §2), the
 * notifications function's included, which never runs a turn.
 */
const toolSpecsForModel = (): ToolSpec[] =>
  (toolSpecs ??= TOOL_NAMES.map((name) => ({
    name,
    description: TOOLS[name].description,
    parameters: z.toJSONSchema(TOOLS[name].args, { io: 'input' }) as Record<string, unknown>,
  })));

const SMS_MAX = 1_000;

/**
 * The receptionist engine (docs/decisions/010-receptionist-engine.md): one conversation at a time, turn by
 * turn, for every channel. A turn loads the conversation's state by id, asks the model, runs the tools it
 * calls, streams events out and stores the state and the conversation record, so any instance can take
 * the next turn.
 */
export function createReceptionist(deps: ReceptionistDeps) {
  const { data } = deps;

  // A conversation's start (profile, refusal, creation) is its own module, which a call's first answer loads
  // without this engine (docs/decisions/186-cold-start.md).
  const { profileOf, startConversation, refusal } = conversationStart({
    data,
    unavailable: () => deps.model.unavailable,
    rateLimiter: deps.rateLimiter,
    ...(deps.notify ? { notify: deps.notify } : {}),
    metrics: deps.metrics,
    now: deps.now,
    logger: deps.logger,
  });

  /** The owner's refund rule for a cancelled booking; a refund recorded is also one deposit.refunded event. */
  const refundCancelledDeposit = depositRefunds({
    appointments: data.appointments,
    payouts: data.payouts,
    deposits: deps.deposits,
    now: deps.now,
    logger: deps.logger,
    onRefunded: async (appointment) =>
      deps.webhooks?.emit(
        appointment.owner_id,
        'deposit.refunded',
        {
          appointment_id: appointment.id,
          conversation_id: appointment.conversation_id,
          amount_cents: appointment.deposit.amount_cents,
          currency: 'usd',
          customer_phone: appointment.customer_phone,
          at: deps.now().toISOString(),
        },
        appointment.conversation_id ?? appointment.id,
      ),
  });

  /** Texts from an assistant number unless the recipient opted out; false when nothing was sent. */
  async function sendText(from: string | undefined, to: string, body: string, conversationId: string) {
    if (!from || !isTextable(to)) return false;
    if (await deps.sms.isOptedOut(from, to)) return false;
    try {
      await deps.sms.send({ from, to, body: body.slice(0, SMS_MAX) });
      return true;
    } catch (error) {
      deps.logger.warn('receptionist.sms_failed', { conversation_id: conversationId, error: String(error) });
      return false;
    }
  }

  /** Plans a booking's reminders; a failure is logged, never the booking's (the caller is booked). */
  async function planReminders(appointment: Appointment, timeZone: string, language: Language | undefined) {
    try {
      await deps.reminders?.planFor(appointment, { timeZone, language });
    } catch (error) {
      deps.logger.warn('reminders.plan_failed', { owner_id: appointment.owner_id, error: String(error) });
    }
  }

  function servicesFor(state: ConversationState, business: BusinessProfile): ToolServices {
    return {
      planReminders: (appointment) => planReminders(appointment, business.timeZone, state.language),
      appointmentChanged: (change, appointment, previousStartsAt) =>
        emitAppointmentChange(deps.webhooks?.emit, change, appointment, 'assistant', previousStartsAt),
      appointments: data.appointments,
      ...(deps.calendar ? { calendar: deps.calendar } : {}),
      sendSms: (to, body) => sendText(state.assistant_number, to, body, state.id),
      refundDeposit: (appointment) => refundCancelledDeposit(state.owner_id, appointment),
      recordSchedulingLink: (booking) => data.schedulingLinks.create(booking),
      async createDepositLink({ ownerId, appointment, amountCents, conversationId }) {
        if (!business.payoutAccountId) throw new Error('Deposits need a connected payout account');
        const accountId = business.payoutAccountId;
        const link = await deps.deposits.create({
          ownerId,
          appointmentId: appointment.id,
          amountCents,
          conversationId,
          accountId,
          description: `Deposit for ${business.name} on ${spokenTime(new Date(appointment.starts_at), business.timeZone)}`,
        });
        return { ...link, accountId };
      },
      async saveMessage({ ownerId, conversationId, name, callbackNumber, reason, channel, language }) {
        await data.ownerMessages.save(ownerId, {
          conversation_id: conversationId,
          name,
          callback_number: callbackNumber,
          reason,
          channel,
          ...(language ? { language } : {}),
        });
        if (channel !== 'test')
          await deps.webhooks?.emit(
            ownerId,
            'message.taken',
            {
              conversation_id: conversationId,
              caller: callbackNumber,
              caller_name: name || null,
              message: reason,
              urgent: !!state.achieved.escalated,
              language: state.language ?? 'en',
              taken_at: deps.now().toISOString(),
            },
            conversationId,
          );
      },
      allow: (key, perDay) => deps.rateLimiter.hit(key, perDay, 86_400),
    };
  }

  async function store(state: ConversationState, business: BusinessProfile): Promise<ConversationState> {
    const saved = await data.conversationStates.save(state);
    await data.conversations.saveConversations(state.owner_id, [conversationRecord(saved, business)], {
      retentionDays: business.retentionDays,
    });
    return saved;
  }

  /** Tells the notifications; a failure there is logged and never fails the conversation. */
  async function tell(event: 'conversationEnded', state: ConversationState) {
    try {
      if (state.channel !== 'test')
        await deps.webhooks?.emit(
          state.owner_id,
          'conversation.completed',
          conversationPayload(state),
          state.id,
        );
      await deps.notify?.[event](state);
    } catch (error) {
      deps.logger.warn('receptionist.notify_failed', {
        event,
        conversation_id: state.id,
        error: String(error),
      });
    }
  }

  /**
   * Stores what the conversation learned of its caller (docs/decisions/177-caller-memory.md): only with the
   * owner's "Remember past callers" on. A failure is logged and never fails the conversation.
   */
  async function rememberCaller(state: ConversationState, business: BusinessProfile) {
    if (!remembers(business, state.channel, state.caller)) return;
    try {
      await data.callerMemories.remember(
        state.owner_id,
        state.caller,
        factsOf(state),
        new Date(state.ended_at ?? state.last_at),
        business.retentionDays,
      );
    } catch (error) {
      deps.logger.warn('receptionist.remember_failed', { conversation_id: state.id, error: String(error) });
    }
  }

  /** A returning caller's next booked appointment, looked up once, at the conversation's first turn. */
  async function upcomingOf(state: ConversationState) {
    const next = await data.appointments.nextOf(state.owner_id, state.caller);
    return next ? { id: next.id, starts_at: next.starts_at, service: next.service } : null;
  }

  /** The open conversation of a thread (an SMS exchange within its window), or a new one. */
  /**
   * The open conversation of a thread (an SMS exchange within its window), or a new one. Several first
   * messages arriving together agree on one conversation through the thread claim.
   */
  async function conversationForThread(input: StartConversation & { windowHours?: number }) {
    const window = (input.windowHours ?? RECEPTIONIST_LIMITS.smsThreadWindowHours) * 3_600_000;
    const now = deps.now();
    const since = new Date(now.getTime() - window);
    const { ownerId, channel, caller } = input;
    const openId = await data.conversationStates.openThread(ownerId, channel, caller, since);
    const open = openId ? await data.conversationStates.get(openId) : undefined;
    if (open && !open.ended_at) {
      await data.conversationStates.touchThread(ownerId, channel, caller, open.id, now);
      return open;
    }
    const candidate = randomUUID();
    const claimed = await data.conversationStates.claimThread(
      ownerId,
      channel,
      caller,
      candidate,
      since,
      now,
      open?.id,
    );
    if (claimed === candidate) return startConversation(input, candidate);
    // Another request claimed the thread a moment ago and is creating its conversation.
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const state = await data.conversationStates.get(claimed);
      if (state) return state;
      await sleep(50);
    }
    throw new ConversationNotFoundError(claimed);
  }

  /**
   * One turn at a time per conversation: waits for the turn before it, then runs. `ownerId`: the
   * conversation's owner when the channel knows it already; the business profile's reads then go out beside
   * the lease's instead of after them (docs/decisions/185-model-latency.md). The first event comes before any
   * write or model request: a channel that started the turn early may close the run there (`return()`),
   * which only releases the lease (the voice relay does, when the call turns out to have ended).
   */
  async function* runTurn(
    conversationId: string,
    input: { text: string; language?: Language; ownerId?: string; warm?: TurnWarmth },
  ): AsyncGenerator<EngineEvent> {
    addLogContext({ conversation_id: conversationId });
    // First the speculative request, so its work is not queued behind the reads' (the SDKs share one thread).
    const speculation = input.warm ? speculate(conversationId, input, input.warm) : undefined;
    const early = input.ownerId ? profileOf(input.ownerId) : undefined;
    // Awaited by the turn, or dropped if the lease is never taken: a failure must not go unhandled meanwhile.
    early?.catch(() => undefined);
    const holder = randomUUID();
    const waitUntil = Date.now() + TURN_WAIT_MS;
    let state: ConversationState | undefined;
    try {
      while (
        !(state = await data.conversationStates.acquireTurn(
          conversationId,
          holder,
          deps.now(),
          TURN_LEASE_MS,
        ))
      ) {
        if (!(await data.conversationStates.get(conversationId)))
          throw new ConversationNotFoundError(conversationId);
        if (Date.now() > waitUntil) throw new ConversationBusyError(conversationId);
        await sleep(20 + Math.floor(Math.random() * 40));
      }
    } catch (error) {
      if (speculation) dropSpeculation(speculation.step);
      throw error;
    }
    try {
      // A profile read for another owner than the state's (a wrong hint) is not used.
      yield* turn(state, input, state.owner_id === input.ownerId ? early : undefined, speculation);
    } finally {
      // Unless the turn adopted it (and read it to its end), the speculative request is aborted.
      if (speculation) dropSpeculation(speculation.step);
      await data.conversationStates.releaseTurn(conversationId, holder);
    }
  }

  /**
   * The model's first step sent at once from what the connection's previous turn ended with (its state and
   * profile), before the lease and the fresh reads come back; nothing is stored or spoken from it unless the
   * turn, once leased, builds the very same request (docs/decisions/185-model-latency.md, session 40). The
   * warmth is emptied here and filled again when this turn has stored, so a turn that fails leaves none.
   */
  function speculate(
    conversationId: string,
    input: { text: string; language?: Language },
    warm: TurnWarmth,
  ): { now: Date; step: SpeculativeStep } | undefined {
    const { state: cached, profile } = warm;
    warm.state = undefined;
    warm.profile = undefined;
    if (!cached || !profile || cached.id !== conversationId || cached.owner_id !== profile.ownerId) return;
    if (cached.ended_at || needsUpcoming(cached)) return;
    const now = deps.now();
    const begun = beginTurn(structuredClone(cached), profile, input, now);
    if (!begun.request) return;
    // A turn that runs the slot search first asks the model another request: nothing to send early.
    const { state: guessed, tools } = begun.request;
    if (prefetchedSlotSearch(guessed, profile, begun.text, now, tools)) return;
    const controller = new AbortController();
    const request = { ...begun.request, signal: controller.signal };
    const events = deps.model.respond(request)[Symbol.asyncIterator]();
    const first = events.next();
    first.catch(() => undefined);
    return { now, step: { request, events, first, controller } };
  }

  /** A returning caller's upcoming appointment is looked up at the first turn (a read the turn waits for). */
  const needsUpcoming = (state: ConversationState) =>
    !state.turns.some((t) => t.speaker === 'caller') &&
    !!state.returning &&
    state.returning.upcoming === undefined;

  /**
   * A turn's start on its state and profile, up to its first model request: the caller's words in the
   * transcript, the thread's language, the honesty finding, and the request, unless the turn ends before
   * asking (the turn limit, a bare language request). Mutates `state`; no I/O, so a speculative start and
   * the leased turn build the same request from the same inputs.
   */
  function beginTurn(
    state: ConversationState,
    business: BusinessProfile,
    input: { text: string; language?: Language },
    now: Date,
  ): { text: string; language: EngineEvent; request?: ModelRequest; stop?: 'turn_limit' | 'language_only' } {
    const callerTurns = state.turns.filter((t) => t.speaker === 'caller').length;
    const text = input.text.trim().slice(0, RECEPTIONIST_LIMITS.inputChars);
    state.turns.push({ speaker: 'caller', text, at: now.toISOString() });
    state.last_at = now.toISOString();
    // The thread's language follows the caller's words, among those the owner serves; "ok" or a name keeps
    // it (decision 174). The relay switches Twilio's language when it changed.
    const previousLanguage = state.language ?? DEFAULT_LANGUAGE;
    state.language = callerLanguage(text, input.language ?? state.language, business.languages);
    const language: EngineEvent = {
      type: 'language',
      language: state.language,
      changed: state.language !== previousLanguage,
    };
    // Marked by the engine from the caller's words, so the call log shows it whichever model answers.
    const honesty = honestyFindingOf(text, business.managerName ? [business.managerName] : []);
    if (honesty && isManipulationAttempt(honesty) && !state.manipulation_attempts?.includes(honesty.kind))
      state.manipulation_attempts = [...(state.manipulation_attempts ?? []), honesty.kind];
    if (callerTurns >= RECEPTIONIST_LIMITS.callerTurnsPerConversation)
      return { text, language, stop: 'turn_limit' };
    if (business.languages.length > 1 && isOnlyLanguageRequest(text))
      return { text, language, stop: 'language_only' };
    const messages: ModelMessage[] = state.turns.map((turn) =>
      turn.speaker === 'caller'
        ? { role: 'user' as const, content: turn.text }
        : { role: 'assistant' as const, content: turn.text },
    );
    return {
      text,
      language,
      request: {
        instructions: buildInstructions(business, state.channel),
        context: buildTurnContext(business, state.channel, now, state.returning),
        messages,
        tools: toolSpecsForModel(),
        business,
        state,
        now,
        callerText: text,
        turnResults: [],
      },
    };
  }

  /** What the connection's next turn may start from: this turn's stored state, unless the call ended. */
  function keepWarm(warm: TurnWarmth | undefined, stored: ConversationState, business: BusinessProfile) {
    if (!warm || stored.ended_at) return;
    warm.state = stored;
    warm.profile = business;
  }

  /** One turn on the state read as its lease was taken (and the profile, when read beside the lease). */
  async function* turn(
    leased: ConversationState,
    input: { text: string; language?: Language; warm?: TurnWarmth },
    profile: Promise<BusinessProfile> | undefined,
    speculation?: { now: Date; step: SpeculativeStep },
  ): AsyncGenerator<EngineEvent> {
    let state = leased;
    if (state.ended_at) {
      yield { type: 'end', reason: 'already_ended' };
      return;
    }
    // A returning caller's upcoming appointment is looked up once, beside the profile: no extra wait. A
    // profile read beside the lease that failed is read once more here.
    const lookUpcoming = needsUpcoming(state);
    const [business, upcoming] = await Promise.all([
      profile?.catch(() => profileOf(state.owner_id)) ?? profileOf(state.owner_id),
      lookUpcoming ? upcomingOf(state) : undefined,
    ]);
    if (state.returning && upcoming !== undefined) state.returning.upcoming = upcoming;
    // A speculative first step was sent with the time the turn started: the same time here, so the same
    // request when nothing else changed.
    const now = speculation?.now ?? deps.now();
    const begun = beginTurn(state, business, input, now);
    const { text } = begun;
    yield begun.language;

    if (begun.stop === 'turn_limit') {
      const closing = `We've covered a lot. To keep things clear, please contact ${business.name} again for anything else. Goodbye!`;
      yield { type: 'text', delta: closing };
      state.turns.push({ speaker: 'assistant', text: closing, at: now.toISOString() });
      state.ended_at = now.toISOString();
      await tell('conversationEnded', await store(state, business));
      await rememberCaller(state, business);
      yield { type: 'end', reason: 'turn_limit' };
      return;
    }

    if (begun.stop === 'language_only') {
      // "Español" alone: the greeting again, in the language asked for, whichever model is configured.
      const greeting = state.language === 'es' ? business.spanishGreeting : welcomeGreeting(business);
      const switched = callerTexts(state.language).languageSwitched(greeting);
      yield { type: 'text', delta: switched };
      state.turns.push({ speaker: 'assistant', text: switched, at: now.toISOString() });
      state.achieved.answered = true;
      keepWarm(input.warm, await store(state, business), business);
      return;
    }

    const { instructions, context: turnContext, messages, tools } = begun.request!;
    const context: ToolContext = { business, state, now, services: servicesFor(state, business) };
    const turnResults: Array<{ name: ToolName; args: Record<string, unknown>; result: ToolResult }> = [];
    /**
     * The turn's first model request is answered by the speculative step when it is this very request (a
     * slot search run first makes it another one); else the speculation is dropped now.
     */
    let asked = false;
    const respond = (request: ModelRequest) => {
      const first = !asked;
      asked = true;
      if (!first || !speculation) return deps.model.respond(request);
      if (sameModelRequest(speculation.step.request, request)) return adoptedStream(speculation.step);
      dropSpeculation(speculation.step);
      return deps.model.respond(request);
    };
    let reply = '';
    let transfer: { to: string; summary: string } | undefined;
    let end: { reason: string } | undefined;
    /** A booking or a message this turn taught the caller memory something. */
    let learned = false;

    /** Runs the tools a step asked for, in order: events out, results to the messages and the state. */
    async function* runCalls(calls: ModelToolCall[]): AsyncGenerator<EngineEvent> {
      for (const call of calls) {
        yield { type: 'tool_call', id: call.id, name: call.name, args: call.args };
        const result = await runTool(context, call.name, call.args);
        if (call.name === 'book_appointment' && result.ok)
          deps.metrics.count('Bookings', 1, metricChannel(state.channel));
        yield { type: 'tool_result', id: call.id, name: call.name, ok: result.ok, summary: result.summary };
        state.actions.push({
          tool: call.name,
          ok: result.ok,
          summary: result.summary.slice(0, 500),
          at: now.toISOString(),
        });
        turnResults.push({ name: call.name, args: call.args, result });
        if (learnFromTool(state, call.name, call.args, result)) learned = true;
        messages.push({
          role: 'tool',
          toolCallId: call.id,
          name: call.name,
          content: JSON.stringify({ ok: result.ok, summary: result.summary, ...result.data }),
        });
        if (call.name === 'get_business_info' && result.data?.known) state.achieved.info_provided = true;
        if (result.transfer) transfer = result.transfer;
        if (result.end) end = result.end;
      }
    }

    // Words that plainly ask for a time: the slot search runs now, and the model gets the exchange as if it
    // had asked, so it answers in one request instead of streaming the call's arguments and being asked again
    // (docs/decisions/185-model-latency.md, Session 40). It counts as the turn's first step.
    const prefetch = prefetchedSlotSearch(state, business, text, now, tools);
    if (prefetch) {
      messages.push({ role: 'assistant', content: '', toolCalls: [prefetch] });
      yield* runCalls([prefetch]);
    }
    for (let step = prefetch ? 1 : 0; step < RECEPTIONIST_LIMITS.stepsPerTurn; step += 1) {
      const calls: ModelToolCall[] = [];
      let said = '';
      for await (const event of respond({
        instructions,
        context: turnContext,
        messages,
        tools,
        business,
        state,
        now,
        callerText: text,
        turnResults,
      })) {
        if (event.type === 'text') {
          said += event.delta;
          yield event;
        } else calls.push(event);
      }
      reply += said;
      messages.push({ role: 'assistant', content: said, ...(calls.length ? { toolCalls: calls } : {}) });
      if (calls.length === 0) break;
      yield* runCalls(calls);
    }
    if (reply) {
      const at = deps.now().toISOString();
      state.turns.push({ speaker: 'assistant', text: reply.trim().slice(0, 4000), at });
      // A call is answered by its greeting when the relay connects (voice-relay/relay-session.ts), not here.
      if (!state.answered_at && state.channel !== 'voice') state.answered_at = at;
    }
    state.achieved.answered = true;
    if (end) state.ended_at = deps.now().toISOString();
    try {
      state = await store(state, business);
      keepWarm(input.warm, state, business);
    } catch (error) {
      if (error instanceof StaleConversationError) {
        deps.logger.warn('receptionist.stale_turn', { conversation_id: state.id });
      }
      throw error;
    }
    if (state.ended_at) await tell('conversationEnded', state);
    if (learned || state.ended_at) await rememberCaller(state, business);
    if (transfer) yield { type: 'transfer', to: transfer.to, summary: transfer.summary };
    if (end) yield { type: 'end', reason: end.reason };
  }

  /**
   * The find_open_slots call the engine makes before the model asks (shared/receptionist/slot-prefetch.ts),
   * or undefined: only for a model that reads tool exchanges, while the tool is offered, and not while times
   * offered earlier, a move or a cancellation are being settled.
   */
  function prefetchedSlotSearch(
    state: ConversationState,
    business: BusinessProfile,
    text: string,
    now: Date,
    tools: ToolSpec[],
  ): ModelToolCall | undefined {
    if (!deps.model.takesPrefetchedTools || !tools.some((tool) => tool.name === 'find_open_slots'))
      return undefined;
    const { memory } = state;
    const args = slotPrefetchOf({
      text,
      language: state.language ?? DEFAULT_LANGUAGE,
      now,
      timeZone: business.timeZone,
      services: business.calendar.services,
      staff: business.calendar.staff,
      bookingUnderWay:
        (memory.offered?.length ?? 0) > 0 || Boolean(memory.draft?.rescheduleOf || memory.pendingCancel),
    });
    return args && { id: `call_${randomUUID().replace(/-/g, '')}`, name: 'find_open_slots', args };
  }

  async function runTool(
    context: ToolContext,
    name: ToolName,
    args: Record<string, unknown>,
  ): Promise<ToolResult> {
    const tool = TOOLS[name];
    if (!tool) return { ok: false, summary: `Unknown tool ${name}` };
    const parsed = tool.args.safeParse(args);
    if (!parsed.success) {
      return {
        ok: false,
        summary: `Invalid ${name} request`,
        data: { error: z.prettifyError(parsed.error) },
      };
    }
    try {
      return await tool.run(context, parsed.data);
    } catch (error) {
      deps.logger.error('receptionist.tool_failed', {
        tool: name,
        conversation_id: context.state.id,
        error: String(error),
      });
      return { ok: false, summary: `${name} failed`, data: { reason: 'error' } };
    }
  }

  /**
   * Closes a conversation (a call hung up, the owner ended a test, an SMS thread went quiet). With
   * `idleSince`, only if nothing happened after it: a text that arrives meanwhile keeps the thread open.
   */
  async function finish(conversationId: string, reason: string, idleSince?: Date): Promise<void> {
    addLogContext({ conversation_id: conversationId });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const state = await data.conversationStates.get(conversationId);
      if (!state || state.ended_at) return;
      if (idleSince && Date.parse(state.last_at) > idleSince.getTime()) return;
      // A thread closed for quiet ended with its last message, not when the quiet was noticed.
      state.ended_at = idleSince ? state.last_at : deps.now().toISOString();
      state.actions.push({
        tool: 'end_conversation',
        ok: true,
        summary: `Ended: ${reason}`.slice(0, 500),
        at: state.ended_at,
      });
      try {
        const business = await profileOf(state.owner_id);
        await tell('conversationEnded', await store(state, business));
        await rememberCaller(state, business);
        return;
      } catch (error) {
        if (!(error instanceof StaleConversationError)) throw error;
      }
    }
  }

  /**
   * The signed payment webhook's confirmation of a deposit: the booking is marked paid exactly once, the
   * conversation records the money, and the caller gets a receipt. Repeated events change nothing.
   */
  async function depositPaid(sessionId: string): Promise<'paid' | 'already' | 'unknown'> {
    const session = await data.appointments.depositSession(sessionId);
    if (!session) return 'unknown';
    const marked = await data.appointments.markDepositPaid(session.ownerId, session.appointmentId, sessionId);
    if (!marked) return 'unknown';
    if (marked.result === 'already') return 'already';
    // Counted where the booking was marked paid, exactly once per deposit (a repeated event is 'already').
    deps.metrics.count('Deposits');
    await data.payouts.addCollected(session.ownerId, session.amountCents);
    const { appointment } = marked;
    const business = await profileOf(session.ownerId);
    let conversation: ConversationState | undefined;
    for (let attempt = 0; appointment.conversation_id && attempt < 3; attempt += 1) {
      const state = await data.conversationStates.get(appointment.conversation_id);
      if (!state) break;
      state.amount_collected_cents += session.amountCents;
      state.achieved.deposit_paid = true;
      state.actions.push({
        tool: 'deposit_paid',
        ok: true,
        summary: `Deposit of ${formatDollars(session.amountCents)} paid`,
        at: deps.now().toISOString(),
      });
      try {
        conversation = await store(state, business);
        break;
      } catch (error) {
        if (!(error instanceof StaleConversationError)) throw error;
      }
    }
    const from =
      conversation?.assistant_number ??
      (await data.businessConfigs.getConfig(session.ownerId))?.assistant_phone;
    await deps.notify
      ?.depositPaid({
        ownerId: session.ownerId,
        sessionId,
        amountCents: session.amountCents,
        caller: appointment.customer_phone,
        ...(conversation ? { conversation } : {}),
      })
      .catch((error: unknown) =>
        deps.logger.warn('receptionist.notify_failed', { event: 'depositPaid', error: String(error) }),
      );
    if (conversation?.channel !== 'test' && deps.webhooks)
      await deps.webhooks.emit(
        session.ownerId,
        'deposit.paid',
        {
          appointment_id: appointment.id,
          conversation_id: appointment.conversation_id,
          amount_cents: session.amountCents,
          currency: 'usd',
          customer_phone: appointment.customer_phone,
          at: deps.now().toISOString(),
        },
        appointment.conversation_id ?? appointment.id,
      );
    if (conversation?.channel !== 'test') {
      // The receipt speaks the language of the conversation that took the deposit, else the booking's
      // (the conversation's state may have expired; decision 174).
      const language = conversation?.language ?? appointment.language;
      const when = spokenTimeIn(language, new Date(appointment.starts_at), business.timeZone);
      await sendText(
        from,
        appointment.customer_phone,
        callerTexts(language).depositReceived(
          { business: business.name, when },
          formatDollars(session.amountCents),
        ),
        appointment.conversation_id ?? '',
      );
    }
    return 'paid';
  }

  const { schedulerBooked, schedulerCancelled } = schedulerBookings({
    appointments: data.appointments,
    schedulingLinks: data.schedulingLinks,
    conversationStates: data.conversationStates,
    callerMemories: data.callerMemories,
    profileOf,
    sendText,
    assistantNumber: async (ownerId) => (await data.businessConfigs.getConfig(ownerId))?.assistant_phone,
    planReminders: (appointment, business) => planReminders(appointment, business.timeZone, undefined),
    async cancelReplaced(ownerId, appointmentId, replacementId) {
      const cancelled = await data.appointments.cancel(ownerId, appointmentId, {
        rescheduledTo: replacementId,
      });
      if (cancelled?.calendar_event_id) await deps.calendar?.remove(ownerId, cancelled.calendar_event_id);
      return cancelled;
    },
    appointmentChanged: (change, appointment, previousStartsAt) =>
      emitAppointmentChange(deps.webhooks?.emit, change, appointment, 'calendar', previousStartsAt),
    logger: deps.logger,
  });

  /** The opening line of a call, from the owner's settings (voice uses it as the welcome greeting). */
  async function greeting(ownerId: string): Promise<string> {
    return welcomeGreeting(await profileOf(ownerId));
  }

  /** The owner's own bookings and moves from the dashboard, through the assistant's engine and invariant. */
  const bookingsByOwner = ownerBookings({
    profileOf,
    appointments: data.appointments,
    ...(deps.calendar ? { calendar: deps.calendar } : {}),
    assistantNumber: async (ownerId) => (await data.businessConfigs.getConfig(ownerId))?.assistant_phone,
    sendText,
    planReminders: (appointment, business) =>
      planReminders(appointment, business.timeZone, appointment.language),
    appointmentChanged: (change, appointment, previousStartsAt) =>
      emitAppointmentChange(deps.webhooks?.emit, change, appointment, 'owner', previousStartsAt),
    allow: (key, perDay) => deps.rateLimiter.hit(key, perDay, 86_400),
    now: deps.now,
  });

  return {
    kind: deps.model.kind,
    ownerBookings: bookingsByOwner,
    refusal,
    startConversation,
    conversationForThread,
    runTurn,
    finish,
    depositPaid,
    refundCancelledDeposit,
    schedulerBooked,
    schedulerCancelled,
    greeting,
    getConversation: (id: string) => data.conversationStates.get(id),
    profileOf,
  };
}
export type Receptionist = ReturnType<typeof createReceptionist>;
