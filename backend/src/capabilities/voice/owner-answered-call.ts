import { OWNER_DIAL_STATUSES, type OwnerDialStatus } from '@shared/answer-mode-values';
import { OWNER_ANSWERED_SUMMARY, OWNER_MISSED_SUMMARY } from '@shared/call-log';
import { DEFAULT_RETENTION_DAYS } from '@shared/privacy-retention';
import { RECEPTIONIST_LIMITS } from '@shared/receptionist/limits';
import type { Conversation } from '@shared/schemas/conversation';
import type { VoiceDeps } from './deps';
import type { PickedUpResult } from './records/business-line-rings';
import type { TransactItem } from '../../platform/dynamo/setup-sources';
import { conversationIdOfCall } from './webhook-forms';
import { findAssistantLine } from '../phone-numbers/index';

/** A call that rang the owner's business phone and that the assistant never spoke on. */
type OwnerLineCall = {
  callSid: string;
  businessId: string;
  caller: string;
  /** When the business line started ringing: when the call reached the business. */
  startedAt: Date;
  /** When the business line's leg ended (its <Dial action> arrived). */
  endedAt: Date;
  /** Ring me first, or after hours only in opening hours (`business_line`). */
  route: 'ring_first' | 'business_line';
};

/** The record's shape every such call shares: no transcript and no objective assessed. */
function ownerLineRecord(
  call: OwnerLineCall,
  fields: Pick<Conversation, 'outcome' | 'summary' | 'owner_answered' | 'owner_dial_status'>,
  endedAtMs: number,
): Conversation {
  return {
    // The id a conversation of this call would have: no other record of this call can exist beside it.
    id: conversationIdOfCall(call.callSid),
    business_id: call.businessId,
    channel: 'voice',
    caller: call.caller.slice(0, 20),
    started_at: call.startedAt.toISOString(),
    ended_at: new Date(Math.max(endedAtMs, call.startedAt.getTime())).toISOString(),
    transcript: [],
    objectives_met: {},
    amount_collected_cents: 0,
    escalated: false,
    actions: [],
    open: false,
    call_route: call.route,
    ...fields,
  };
}

/**
 * The owner picked up (docs/decisions/173-answer-modes.md, sessions 41 and 42): the call was the business's
 * all the same, so the owner's call log lists it (caller, time, length, route) as answered by them. No
 * transcript and no objective assessed: the assistant never spoke. Its length is what the owner talked
 * (Twilio's DialCallDuration) when the callback says it, else the call's from the ring to the dial result.
 * Pure, so its shape is tested without a table.
 */
export function ownerAnsweredRecord(call: OwnerLineCall & { talkedSeconds?: number | undefined }) {
  // From the ring's start (the call log orders calls by it), as long as the owner talked.
  const ended =
    call.talkedSeconds === undefined
      ? call.endedAt.getTime()
      : call.startedAt.getTime() + call.talkedSeconds * 1000;
  return ownerLineRecord(
    call,
    { outcome: 'answered', summary: OWNER_ANSWERED_SUMMARY, owner_answered: true },
    ended,
  );
}

/**
 * After hours only, in opening hours, and nobody picked up the business phone (decision 173, session 42):
 * a missed call, listed as such (outcome `missed`, `owner_answered: false`) with what its leg came to;
 * `canceled` (the caller hung up while it rang) has no dial status of its own on the record.
 */
export function ownerMissedRecord(call: OwnerLineCall & { dialStatus?: OwnerDialStatus | undefined }) {
  return ownerLineRecord(
    call,
    {
      outcome: 'missed',
      summary: OWNER_MISSED_SUMMARY,
      owner_answered: false,
      ...(call.dialStatus ? { owner_dial_status: call.dialStatus } : {}),
    },
    call.endedAt.getTime(),
  );
}

/** Twilio's DialCallStatus when the business phone's leg was picked up (and is over, or still on). */
export const businessPhonePickedUp = (dialStatus: string) =>
  dialStatus === 'completed' || dialStatus === 'answered';

type RecordDeps = Pick<VoiceDeps, 'data' | 'rateLimiter' | 'logger' | 'now'>;

/**
 * Writes a call's record with its marker (`mark`: the ring picked up, or the business-line call's own
 * marker), counted against the owner's daily conversations (one bound on the records a day adds, whoever
 * answered), all in one transaction, so a retried callback writes nothing. Over the day's limit `unmarked`
 * is called (to mark without a record) and nothing else is written.
 */
async function writeOwnerLineRecord(
  deps: RecordDeps,
  call: { callSid: string; ownerId: string; record: Conversation; retentionDays: number | undefined },
  mark: (alongside: TransactItem[]) => Promise<PickedUpResult>,
  unmarked: () => Promise<unknown>,
): Promise<PickedUpResult> {
  const result = await mark([
    deps.rateLimiter.countedHit(
      `conversations#${call.ownerId}`,
      RECEPTIONIST_LIMITS.conversationsPerDay,
      86_400,
    ),
    deps.data.conversations.recordPut(
      call.ownerId,
      call.record,
      call.retentionDays ?? DEFAULT_RETENTION_DAYS,
    ),
  ]);
  if (typeof result === 'object') {
    deps.logger.warn('voice.owner_line_call_not_recorded', {
      callSid: call.callSid,
      route: call.record.call_route,
      reason: result.refusedAlongside === 0 ? 'daily_conversation_limit' : 'record_refused',
    });
    await unmarked();
  }
  return result;
}

/**
 * Marks the ring picked up (so the final status is not taken for a missed call, decision 176) and, in the
 * same transaction, writes the call's log record and counts it against the owner's daily conversations.
 * Idempotent per CallSid: a retried callback finds the ring picked up and writes nothing. Over the day's
 * limit the ring is still marked, without a record.
 */
export async function noteOwnerAnsweredCall(
  deps: RecordDeps,
  call: { callSid: string; caller: string; talkedSeconds?: number | undefined },
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
    route: 'ring_first',
    talkedSeconds: call.talkedSeconds,
  });
  const result = await writeOwnerLineRecord(
    deps,
    {
      callSid: call.callSid,
      ownerId: ring.ownerId,
      record,
      retentionDays: config.transcript_retention_days,
    },
    (alongside) => businessLineRings.pickedUp(call.callSid, alongside),
    () => businessLineRings.pickedUp(call.callSid),
  );
  if (result === 'marked') {
    deps.logger.info('Voice call answered by the owner (ring me first)', { callSid: call.callSid });
  }
}

/**
 * After hours only, in opening hours (decision 173, session 42): the business line's <Dial action> says
 * whether the owner picked up, and the call goes in the owner's call log either way, answered by them or
 * missed. The owner is the assistant number's (`to`); the ring's start travels in the action's URL, signed
 * with it, since the first ring writes nothing before its TwiML. Idempotent per CallSid (its own marker);
 * over the day's limit nothing is written.
 */
export async function noteBusinessLineCall(
  deps: RecordDeps,
  call: {
    callSid: string;
    caller: string;
    to: string;
    rangAtMs: number;
    /** Twilio's DialCallStatus: completed/answered, or no-answer/busy/failed/canceled. */
    dialStatus: string;
    talkedSeconds?: number | undefined;
  },
): Promise<void> {
  // The assistant number's owner, as every webhook finds it (an active reservation, with its config).
  const line = await findAssistantLine(deps.data, call.to);
  if (!line) return;
  const { ownerId, config } = line;
  const endedAt = deps.now();
  const rang: OwnerLineCall = {
    callSid: call.callSid,
    businessId: config.business_id,
    caller: call.caller,
    // A start after the dial result is a wrong clock, not a call: the record then starts at the result.
    startedAt: new Date(Math.min(call.rangAtMs, endedAt.getTime())),
    endedAt,
    route: 'business_line',
  };
  const answered = businessPhonePickedUp(call.dialStatus);
  const record = answered
    ? ownerAnsweredRecord({ ...rang, talkedSeconds: call.talkedSeconds })
    : ownerMissedRecord({
        ...rang,
        // canceled (the caller hung up while it rang) has no dial status of its own on the record.
        dialStatus: OWNER_DIAL_STATUSES.find((status) => status === call.dialStatus),
      });
  const result = await writeOwnerLineRecord(
    deps,
    { callSid: call.callSid, ownerId, record, retentionDays: config.transcript_retention_days },
    (alongside) => deps.data.businessLineRings.businessLineCallOnce(call.callSid, ownerId, alongside),
    async () => undefined,
  );
  if (result === 'marked') {
    deps.logger.info('Voice call to the business line recorded (open hours)', {
      callSid: call.callSid,
      answered,
    });
  }
}
