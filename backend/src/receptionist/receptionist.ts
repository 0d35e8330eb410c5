import { randomUUID } from 'node:crypto';
import type { BusinessConfigRepository } from '../data/business-config';
import type { RateLimiter } from '../data/rate-limits';
import type { ReceptionistConversationRepository } from '../data/receptionist-conversations';
import { businessFactsOf, storedTraits } from '../routes/generation/business-facts-from-config';
import { localReply } from './local-engine';
import type { ConversationState, EngineEvent, Receptionist, StartConversation } from './types';

/** A conversation longer than this many turns is closed (stored data per conversation stays bounded). */
export const MAX_TURNS_PER_CONVERSATION = 200;
/** New conversations per owner per day, across channels: each stores data and runs turns. */
export const DAILY_CONVERSATIONS_PER_OWNER = 500;

/** The owner started more conversations today than allowed; channels answer without the assistant. */
export class ConversationLimitError extends Error {}
/** The conversation does not exist or is over. */
export class ConversationNotOpenError extends Error {}

const CONCISE = new Set(['Brief and Direct', 'Concise']);

/** Sentences as separate text events, so a voice channel can start speaking before the turn is done. */
const sentences = (text: string) => text.match(/[^.!?]+[.!?]+(\s+|$)|[^.!?]+$/g) ?? [text];

/**
 * The receptionist with the deterministic local engine: conversation state in DynamoDB (any instance takes
 * the next turn), one conversation per thread within a window, answers built from the business's own data.
 */
export function createReceptionist(deps: {
  conversations: ReceptionistConversationRepository;
  businessConfigs: Pick<BusinessConfigRepository, 'getConfig'>;
  rateLimiter: RateLimiter;
  now: () => Date;
}): Receptionist {
  const { conversations, now } = deps;

  async function newState(start: StartConversation): Promise<ConversationState> {
    if (
      !(await deps.rateLimiter.hit(`conversations#${start.ownerId}`, DAILY_CONVERSATIONS_PER_OWNER, 86_400))
    ) {
      throw new ConversationLimitError('Too many conversations today');
    }
    const at = now().toISOString();
    return {
      id: randomUUID(),
      owner_id: start.ownerId,
      channel: start.channel,
      caller: start.caller,
      ...(start.externalId ? { external_id: start.externalId } : {}),
      status: 'open',
      started_at: at,
      last_activity_at: at,
      turns: [],
    };
  }

  const receptionist: Receptionist = {
    engineName: 'local',

    async startConversation(start) {
      const state = await newState(start);
      await conversations.create(state);
      return state;
    },

    async continueThread({ windowHours, ...start }) {
      const seconds = Math.floor(now().getTime() / 1000);
      const windowStart = seconds - windowHours * 3600;
      const thread = { ownerId: start.ownerId, channel: start.channel, caller: start.caller };
      const pointer = await conversations.getThread(thread);
      if (pointer && pointer.lastActivity >= windowStart) {
        const current = await conversations.get(pointer.conversationId);
        if (current?.status === 'open') {
          await conversations.touchThread(thread, seconds);
          return current;
        }
      }
      // A new conversation for the thread; concurrent first messages agree on one through the thread claim.
      const candidate = await newState(start);
      await conversations.create(candidate);
      const claim = await conversations.claimThread(thread, {
        candidateId: candidate.id,
        nowSeconds: seconds,
        windowStart,
        ...(pointer ? { replacing: pointer.conversationId } : {}),
      });
      if (claim.claimed) return candidate;
      await conversations.discardEmpty(candidate.id);
      const winner = await conversations.get(claim.conversationId);
      if (!winner) throw new ConversationNotOpenError(`conversation ${claim.conversationId} vanished`);
      return winner;
    },

    getConversation: (conversationId) => conversations.get(conversationId),

    async *runTurn(conversationId, input) {
      const state = await conversations.get(conversationId);
      if (!state || state.status !== 'open')
        throw new ConversationNotOpenError(`conversation ${conversationId} is not open`);
      const config = await deps.businessConfigs.getConfig(state.owner_id);
      if (!config)
        throw new ConversationNotOpenError(`the business of conversation ${conversationId} is gone`);
      const reply = localReply({
        facts: businessFactsOf(config),
        text: input.text,
        firstTurn: state.turns.length === 0,
        concise: CONCISE.has(storedTraits(config).verbosity),
      });
      const callerAt = now().toISOString();
      const assistantAt = new Date(Math.max(now().getTime(), Date.parse(callerAt) + 1)).toISOString();
      await conversations.appendTurns(
        conversationId,
        [
          { speaker: 'caller', text: input.text, at: callerAt },
          { speaker: 'assistant', text: reply.text, at: assistantAt },
        ],
        MAX_TURNS_PER_CONVERSATION,
      );
      for (const sentence of sentences(reply.text))
        yield { type: 'text', delta: sentence } satisfies EngineEvent;
      if (reply.end) {
        await conversations.end(conversationId, 'completed', assistantAt);
        yield { type: 'end', reason: 'completed' } satisfies EngineEvent;
      }
    },

    async finishConversation(conversationId, reason = 'completed') {
      await conversations.end(conversationId, reason, now().toISOString());
    },
  };
  return receptionist;
}
