import { OWNER_ANSWERED_SUMMARY } from '@shared/call-log';
import { DEFAULT_RETENTION_DAYS } from '@shared/privacy-retention';
import { RECEPTIONIST_LIMITS } from '@shared/receptionist/limits';
import type { Conversation } from '@shared/schemas/conversation';
import type { VoiceDeps } from './deps';
import { conversationIdOfCall } from './webhook-forms';

/**
 * Ring me first, and the owner picked up (docs/decisions/173-answer-modes.md, session 41): the call was the
 * business's all the same, so the owner's call log lists it (caller, time, length, route) as answered by
 * them. No transcript and no objective assessed: the assistant never spoke. Pure, so its shape is tested
 * without a table.
 */
export function ownerAnsweredRecord(call: {
  callSid: string;
  businessId: string;
  caller: string;
  /** When the business line started ringing: when the call reached the business. */
  startedAt: Date;
  /** When the business line's leg ended (its <Dial action> arrived). */
  endedAt: Date;
}): Conversation {
  return {
    // The id a conversation of this call would have: no other record of this call can exist beside it.
    id: conversationIdOfCall(call.callSid),
    business_id: call.businessId,
    channel: 'voice',
    caller: call.caller.slice(0, 20),
    started_at: call.startedAt.toISOString(),
    ended_at: new Date(Math.max(call.endedAt.getTime(), call.startedAt.getTime())).toISOString(),
    transcript: [],
    objectives_met: {},
    amount_collected_cents: 0,
    escalated: false,
    outcome: 'answered',
    actions: [],
    open: false,
    summary: OWNER_ANSWERED_SUMMARY,
    call_route: 'ring_first',
    owner_answered: true,
  };
}

/**
 * Marks the ring picked up (so the final status is not taken for a missed call, decision 176) and, in the
 * same transaction, writes the call's log record and counts it against the owner's daily conversations
 * (one bound on the records a day adds, whoever answered). Idempotent per CallSid: a retried callback finds
 * the ring picked up and writes nothing. Over the day's limit the ring is still marked, without a record.
 */
export async function noteOwnerAnsweredCall(
  deps: Pick<VoiceDeps, 'data' | 'rateLimiter' | 'logger' | 'now'>,
  call: { callSid: string; caller: string },
): Promise<void> {
  const { businessLineRings } = deps.data;
  const ring = await businessLineRings.get(call.callSid);
  // Not a ring of ours (or its day is over), or a retry after the first callback recorded it.
  if (!ring || ring.pickedUp) return;
  const config = await deps.data.businessConfigs.getConfig(ring.ownerId);
  if (!config) {
    await businessLineRings.pickedUp(call.callSid);
    return;
  }
  const record = ownerAnsweredRecord({
    callSid: call.callSid,
    businessId: config.business_id,
    caller: call.caller,
    startedAt: new Date(ring.rangAtMs),
    endedAt: deps.now(),
  });
  const result = await businessLineRings.pickedUp(call.callSid, [
    deps.rateLimiter.countedHit(
      `conversations#${ring.ownerId}`,
      RECEPTIONIST_LIMITS.conversationsPerDay,
      86_400,
    ),
    deps.data.conversations.recordPut(
      ring.ownerId,
      record,
      config.transcript_retention_days ?? DEFAULT_RETENTION_DAYS,
    ),
  ]);
  if (typeof result === 'object') {
    deps.logger.warn('voice.owner_answered_not_recorded', {
      callSid: call.callSid,
      reason: result.refusedAlongside === 0 ? 'daily_conversation_limit' : 'record_refused',
    });
    await businessLineRings.pickedUp(call.callSid);
    return;
  }
  if (result === 'marked') {
    deps.logger.info('Voice call answered by the owner (ring me first)', { callSid: call.callSid });
  }
}
