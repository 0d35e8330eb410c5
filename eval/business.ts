import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../backend/src/entry/app-types';
import type { KnowledgeEntryInput } from '../shared/schemas/knowledge';
import { zonedInstant } from '../shared/receptionist/business-time';
import { createAssistantLine } from '../tests/support/assistant-line';

/**
 * The configured business every scenario talks to: a salon in New York, open weekdays 9–5, with a manager
 * to escalate to, serving English and Spanish, and (for the knowledge scenarios) a filled knowledge base.
 * The clock is fixed so dates in the scenarios ("tomorrow", "Thursday") are stable.
 */
export const TIME_ZONE = 'America/New_York';
/** Monday 2026-11-23, 10:00 in New York. */
export const EVAL_NOW = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, TIME_ZONE);
export const MANAGER = { name: 'Maria', number: '+14155550777' };
export const HOURS = [
  'Monday: 9:00 AM – 5:00 PM',
  'Tuesday: 9:00 AM – 5:00 PM',
  'Wednesday: 9:00 AM – 5:00 PM',
  'Thursday: 9:00 AM – 5:00 PM',
  'Friday: 9:00 AM – 5:00 PM',
  'Saturday: Closed',
  'Sunday: Closed',
];
export const DESCRIPTION = 'Bella Hair Studio is a salon in San Francisco. Haircuts start at $45.';

export const KNOWLEDGE: KnowledgeEntryInput[] = [
  { topic: 'parking', question: 'Is there parking?', answer: 'Free parking in the lot behind the building.' },
  {
    topic: 'walk_ins',
    question: 'Do you take walk-ins?',
    answer: 'Walk-ins are welcome on weekdays before 3 PM.',
  },
  {
    topic: 'payment_methods',
    question: 'What payment methods do you accept?',
    answer: 'Cash, all major cards and Apple Pay.',
  },
  {
    topic: 'cancellation',
    question: 'What is your cancellation policy?',
    answer: 'Cancel 24 hours ahead or pay a $20 fee.',
  },
  {
    topic: 'accessibility',
    question: 'Is it wheelchair accessible?',
    answer: 'Yes: step-free entrance and a ramp.',
  },
  { topic: 'general', question: 'Can I bring my dog?', answer: 'Well-behaved dogs are welcome.' },
];

/** The caller's appointment for the move/cancel scenarios: Thursday, November 26 at 11:00 AM. */
export const EXISTING_APPOINTMENT = {
  starts_at: zonedInstant({ year: 2026, month: 11, day: 26, hour: 11, minute: 0 }, TIME_ZONE).toISOString(),
  ends_at: zonedInstant({ year: 2026, month: 11, day: 26, hour: 11, minute: 30 }, TIME_ZONE).toISOString(),
  customer_name: 'Lee Park',
};

/** One owner per scenario, so appointments and messages are the scenario's own. */
export async function setUpBusiness(
  deps: AppDeps,
  options: { knowledge?: boolean; existingAppointment?: boolean; caller: string },
) {
  const { ownerId, assistantNumber } = await createAssistantLine(deps, { businessName: 'Bella Hair Studio' });
  await deps.data.businessConfigs.updateConfigFields(ownerId, {
    time_zone: TIME_ZONE,
    business_hours: { weekday_text: HOURS },
    assistant_name: 'Ava',
    business_description: DESCRIPTION,
    manager_number: MANAGER.number,
    manager_name: MANAGER.name,
    text_escalation_to_manager: true,
    languages: ['en', 'es'],
  });
  if (options.knowledge) {
    for (const input of KNOWLEDGE) {
      const saved = await deps.data.knowledgeBase.edit(ownerId, { kind: 'add', id: randomUUID(), input });
      if (!saved.ok) throw new Error(`knowledge entry not saved: ${saved.reason}`);
    }
  }
  if (options.existingAppointment) {
    const booked = await deps.data.appointments.book(ownerId, {
      ...EXISTING_APPOINTMENT,
      customer_phone: options.caller,
      service: 'haircut',
      conversation_id: null,
      channel: 'sms',
      deposit: null,
    });
    if (!booked.ok) throw new Error('the existing appointment was not booked');
  }
  return { ownerId, assistantNumber };
}
