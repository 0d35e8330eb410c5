import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@shared/language';
import { EMPTY_CALENDAR_MODEL } from '@shared/calendar-model';
import type { CalendarModel } from '@shared/schemas/calendar-model';
import { RECEPTIONIST_LIMITS } from '@shared/receptionist/limits';
import type { AppConfig } from '../../platform/config/env';
import type { ProviderNotConfiguredError } from '../../platform/config/not-configured';
import type { RateLimiter } from '../../platform/dynamo/rate-limits';
import type { Logger } from '../../platform/logging/logger';
import type { MetricDimensions, Metrics } from '../../platform/observability/metrics';
import type { BusinessConfigRepository, ObjectivesRepository } from '../setup/records/index';
import type { ConversationRepository } from '../conversations/records/index';
import type { PayoutRepository } from '../payouts/records/index';
import type { KnowledgeBaseRepository } from '../knowledge/records/index';
import {
  AlongsideConditionError,
  type ConversationStateRepository,
  type TransactItem,
} from './records/conversation-states';
import type { CallerMemoryRepository } from './records/caller-memories';
import type { Channel, ConversationState, StartConversation } from './records/conversation-types';
import { businessProfile, type BusinessProfile } from './business-profile';
import { remembers, returningOf } from './caller-memory';
import { conversationRecord } from './conversation-record';
import { modelRefusal } from './model/model-availability';

/*
 * The receptionist's second public entry (besides index.ts): what a call's first answer needs, a
 * conversation started and its greeting, without the engine that runs turns (its tools, model adapter,
 * instructions) or the notifier. A cold telephony function answers a first ring with this alone; the engine
 * loads on the first turn or finish (docs/decisions/186-cold-start.md, session 39). The engine builds its
 * own start from here, so there is one start.
 */
export { businessProfile, type BusinessProfile } from './business-profile';
export { personalGreeting, remembers, returningOf } from './caller-memory';
export { conversationRecord } from './conversation-record';

export class NoBusinessConfigError extends Error {}
export class ConversationLimitError extends Error {}

/** The metrics' channel dimension: the owner's test chat and test calls count apart from customers'. */
export const metricChannel = (channel: Channel): MetricDimensions => ({
  channel: channel === 'test' ? 'chat' : channel,
});

/** How the assistant answers a call (ConversationRelay speaks it before the first prompt). */
export const welcomeGreeting = (business: Pick<BusinessProfile, 'name' | 'assistantName'>) =>
  `Thanks for calling ${business.name}, this is ${business.assistantName}. How can I help you today?`;

export type ConversationStartDeps = {
  data: {
    businessConfigs: Pick<BusinessConfigRepository, 'getConfig'>;
    objectives: Pick<ObjectivesRepository, 'getObjective'>;
    payouts: Pick<PayoutRepository, 'get'>;
    callerMemories: Pick<CallerMemoryRepository, 'get'>;
    conversationStates: Pick<ConversationStateRepository, 'create'>;
    conversations: Pick<ConversationRepository, 'recordPut'>;
    /** The owner's knowledge base (docs/decisions/181); absent in tests that need none. */
    knowledgeBase?: Pick<KnowledgeBaseRepository, 'list'>;
    /** The owner's services, staff and resources (docs/decisions/183); absent: a business without any. */
    calendarModel?: { get(ownerId: string, options?: { consistent?: boolean }): Promise<CalendarModel> };
  };
  /** Why the model cannot answer (in AWS without its key), else undefined: read by `refusal`. */
  unavailable: () => ProviderNotConfiguredError | undefined;
  rateLimiter: Pick<RateLimiter, 'countedHit'>;
  /** The notifications' due marker, written in the transaction that creates the conversation. */
  notify?: { startMarker(state: ConversationState): TransactItem | undefined };
  metrics: Metrics;
  now: () => Date;
  logger: Logger;
};

/** A conversation's start: the business profile, the refusal check and the conversation's creation. */
export function conversationStart(deps: ConversationStartDeps) {
  const { data } = deps;

  async function profileOf(ownerId: string): Promise<BusinessProfile> {
    // The knowledge base and the calendar model are more reads in the same round trip: a voice turn waits
    // no longer for them.
    const [config, objective, payouts, knowledge, calendar] = await Promise.all([
      data.businessConfigs.getConfig(ownerId),
      data.objectives.getObjective(ownerId),
      data.payouts.get(ownerId),
      data.knowledgeBase?.list(ownerId, { consistent: false }) ?? [],
      data.calendarModel?.get(ownerId, { consistent: false }) ?? EMPTY_CALENDAR_MODEL,
    ]);
    if (!config) throw new NoBusinessConfigError(ownerId);
    return businessProfile(ownerId, config, objective, payouts, knowledge, calendar);
  }

  const notifyMarker = (state: ConversationState): TransactItem[] => {
    const marker = deps.notify?.startMarker(state);
    return marker ? [marker] : [];
  };

  /**
   * Creates a conversation. `known` is the business profile when the caller has just read it (the voice
   * webhook reads the config to find the line): a caller waits on this, so it costs one transaction then.
   */
  async function startConversation(
    input: StartConversation,
    id: string = randomUUID(),
    known?: BusinessProfile,
  ): Promise<ConversationState> {
    const business = known ?? (await profileOf(input.ownerId));
    // The caller's memory: read here unless the channel read it already (a call, beside its line).
    const memory = remembers(business, input.channel, input.caller)
      ? input.recalled !== undefined
        ? input.recalled
        : await data.callerMemories.get(input.ownerId, input.caller)
      : undefined;
    const recalled = returningOf(memory);
    // A remembered language the business still serves opens the thread, so a first "ok" stays in it.
    const language =
      input.language ??
      (memory?.language && business.languages.includes(memory.language) ? memory.language : undefined);
    const at = deps.now().toISOString();
    const state: ConversationState = {
      id,
      owner_id: input.ownerId,
      business_id: business.businessId,
      channel: input.channel,
      caller: input.caller,
      ...(input.assistantNumber ? { assistant_number: input.assistantNumber } : {}),
      ...(input.externalId ? { external_id: input.externalId } : {}),
      ...input.route,
      started_at: at,
      last_at: at,
      // The owner reads the whole call in the log, greeting first; the model sees it was said, too.
      turns: input.greeting ? [{ speaker: 'assistant', text: input.greeting, at }] : [],
      actions: [],
      memory: {},
      ...(recalled ? { returning: recalled } : {}),
      ...(language && language !== DEFAULT_LANGUAGE ? { language } : {}),
      achieved: {},
      amount_collected_cents: 0,
      ...(business.objectives[0] ? { objective_id: business.objectives[0].id } : {}),
      version: 0,
    };
    try {
      // The day's count, the state and its call-log record: all three or none, in one round trip.
      await data.conversationStates.create(state, [
        deps.rateLimiter.countedHit(
          `conversations#${input.ownerId}`,
          RECEPTIONIST_LIMITS.conversationsPerDay,
          86_400,
        ),
        data.conversations.recordPut(
          input.ownerId,
          conversationRecord(state, business),
          business.retentionDays,
        ),
        ...notifyMarker(state),
      ]);
    } catch (error) {
      if (error instanceof AlongsideConditionError && error.index === 0)
        throw new ConversationLimitError(input.ownerId);
      throw error;
    }
    // Counted once the conversation exists: a webhook retry fails the conditional create and counts nothing.
    if (input.channel === 'voice') deps.metrics.count('CallsAnswered', 1, metricChannel('voice'));
    if (input.channel === 'sms') deps.metrics.count('SmsConversations', 1, metricChannel('sms'));
    return state;
  }

  /**
   * Why the assistant cannot answer at all (in AWS without its model's key), else undefined. Channels ask
   * before they start a conversation, so a refusal stores nothing; each one is logged with the missing keys'
   * names and counted (the AssistantUnavailable alarm, docs/decisions/160-fail-closed.md).
   */
  function refusal(channel: Channel) {
    const unavailable = deps.unavailable();
    if (!unavailable) return undefined;
    deps.logger.error('receptionist.unavailable', { channel, missing_keys: unavailable.missingKeys });
    deps.metrics.count('AssistantUnavailable', 1, metricChannel(channel));
    return unavailable;
  }

  return { profileOf, startConversation, refusal };
}
export type ConversationStart = ReturnType<typeof conversationStart>;

/**
 * The start as a call's webhooks run it from the app's configuration: the model is not built (its adapter
 * is the engine's), only whether it could answer, by the same rule the engine's model is chosen by.
 */
export function conversationStartFromApp(
  input: Omit<ConversationStartDeps, 'unavailable'> & { config: AppConfig },
): ConversationStart {
  const unavailable = modelRefusal(input.config, undefined);
  return conversationStart({ ...input, unavailable: () => unavailable });
}
