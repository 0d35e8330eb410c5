import type { Conversation } from '@shared/schemas/conversation';
import type { ConversationOutcome } from '@shared/conversation';
import type { BusinessProfile } from './business-profile';
import type { Achievements, ConversationState } from './records/conversation-types';

/** The first outcome in precedence order the conversation reached (issue 9 §8). */
export function outcomeOf(achieved: Achievements, turns: number): ConversationOutcome {
  if (achieved.deposit_paid) return 'deposit_paid';
  if (achieved.booked) return 'booked';
  if (achieved.message_taken) return 'message_taken';
  if (achieved.escalated) return 'escalated';
  if (achieved.answered) return 'answered';
  return turns > 0 ? 'answered' : 'abandoned';
}

/** Success criteria the engine can tell from what happened; the objective's own names are the keys. */
const CRITERIA: Record<string, (a: Achievements) => boolean> = {
  appointment_booked: (a) => !!a.booked,
  deposit_collected: (a) => !!a.deposit_paid,
  confirmation_sent: (a) => !!a.confirmation_sent,
  contact_captured: (a) => !!a.contact_captured,
  contact_validated: (a) => !!a.contact_captured,
  need_recorded: (a) => !!(a.message_taken || a.booked),
  message_taken: (a) => !!a.message_taken,
  follow_up_scheduled: (a) => !!(a.booked || a.message_taken),
  question_answered: (a) => !!a.info_provided,
  next_step_offered: (a) => !!(a.info_provided || a.booked || a.message_taken),
  emergency_escalated: (a) => !!a.escalated,
  patient_details_collected: (a) => !!a.contact_captured,
  quote_given: (a) => !!a.info_provided,
};

export function objectivesMet(business: BusinessProfile, achieved: Achievements): Record<string, boolean> {
  const met: Record<string, boolean> = {};
  for (const objective of business.objectives) {
    for (const criterion of objective.success_criteria) {
      const rule = CRITERIA[criterion];
      if (rule && /^[a-z][a-z0-9_]*$/.test(criterion)) met[criterion] = rule(achieved);
    }
  }
  return met;
}

/** The analytics/call-log record of a conversation, derived from its working state. */
export function conversationRecord(state: ConversationState, business: BusinessProfile): Conversation {
  const callerTurns = state.turns.filter((t) => t.speaker === 'caller').length;
  return {
    id: state.id,
    business_id: state.business_id,
    ...(business.objectives[0] ? { objective_id: business.objectives[0].id } : {}),
    channel: state.channel,
    caller: state.caller.slice(0, 20),
    started_at: state.started_at,
    ended_at: state.ended_at ?? state.last_at,
    ...(state.answered_at ? { answered_at: state.answered_at } : {}),
    transcript: state.turns.slice(-500),
    objectives_met: objectivesMet(business, state.achieved),
    amount_collected_cents: state.amount_collected_cents,
    escalated: !!state.achieved.escalated,
    outcome: state.ended_at || callerTurns > 0 ? outcomeOf(state.achieved, callerTurns) : 'abandoned',
    actions: state.actions.slice(-200),
    open: !state.ended_at,
    ...(state.call_route ? { call_route: state.call_route } : {}),
    ...(state.owner_dial_status ? { owner_dial_status: state.owner_dial_status } : {}),
    ...(state.forwarded ? { forwarded: true } : {}),
    // The call log and the owner's e-mails name it (docs/decisions/174-spanish.md); none yet = English.
    ...(state.language ? { language: state.language } : {}),
    ...(state.manipulation_attempts?.length ? { manipulation_attempts: state.manipulation_attempts } : {}),
    ...(state.achieved.booked && state.memory.lastService
      ? { booked_service: state.memory.lastService }
      : {}),
    ...(state.achieved.booked && state.memory.lastStaff ? { booked_staff: state.memory.lastStaff } : {}),
  };
}
