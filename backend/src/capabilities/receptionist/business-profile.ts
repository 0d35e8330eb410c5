import type { Language } from '@shared/language';
import { servedLanguages, suggestedSpanishGreeting } from '@shared/language-settings';
import { withDefaultTraits, type TraitValues } from '@shared/personality';
import { DEFAULT_TIME_ZONE } from '@shared/receptionist/time-zones';
import { isValidTimeZone } from '@shared/receptionist/business-time';
import { resolveWeeklyHours, type WeeklyHours } from '@shared/receptionist/opening-hours';
import { WEEKDAY_NAMES } from '@shared/receptionist/business-time';
import { EMPTY_CALENDAR_MODEL } from '@shared/calendar-model';
import type { CalendarModel, Closure } from '@shared/schemas/calendar-model';
import {
  defaultDepositSettings,
  depositAvailabilityOf,
  depositCentsOf,
  type DepositAvailability,
} from '@shared/get-paid';
import { payoutStateOfItem, type Payouts } from '../payouts/records/index';
import type { BusinessConfig } from '@shared/schemas/business-config';
import type { KnowledgeEntry } from '@shared/schemas/knowledge';
import { priceSentences } from '@shared/capability-sources';
import type { StoredObjective } from '../setup/records/index';
import { DEFAULT_RETENTION_DAYS } from '@shared/privacy-retention';
import {
  BUSINESS_KINDS,
  businessKind,
  readablePhone,
  spokenWebsite,
  summarizeHours,
} from '../../providers/llm/business-facts';

/**
 * Everything the assistant knows about the business, derived once per turn from the owner's config and
 * objectives (pure). The prompt, the local model and the tools all read this one shape, so they can't
 * disagree about a fact.
 */
export type ObjectiveBrief = {
  id: string;
  goal: string;
  priority: 'primary' | 'secondary';
  weight: number;
  success_criteria: string[];
  required_capabilities: string[];
};

export type BusinessProfile = {
  ownerId: string;
  businessId: string;
  name: string;
  assistantName: string;
  kindNoun: string;
  offers: string;
  description?: string;
  address?: string;
  website?: string;
  businessPhone?: string;
  /** Human summary of the configured hours; undefined when the owner gave none. */
  hoursSummary?: string;
  /** Hours used for booking (resolveWeeklyHours): the edited ones, the lookup's, or weekdays 9–5. */
  weeklyHours: WeeklyHours;
  hoursKnown: boolean;
  /** Dates the business is closed, with the note the assistant says (docs/decisions/183-calendar-model.md). */
  closures: Closure[];
  /** The grid bookable start times fall on; undefined: the default half hour. */
  slotGridMinutes?: number;
  /**
   * Services, staff and resources (docs/decisions/183): empty for a business that defines none, which then
   * books and quotes exactly as before (the description's prices, 30-minute slots, one calendar).
   */
  calendar: Pick<CalendarModel, 'services' | 'staff' | 'resources'>;
  timeZone: string;
  /** Sentences of the description that mention prices: the only prices the assistant may quote. */
  priceFacts: string[];
  traits: TraitValues;
  managerName?: string;
  managerNumber?: string;
  escalationEmail?: string;
  textEscalationToManager: boolean;
  objectives: ObjectiveBrief[];
  /**
   * Deposit to ask per booking, in cents; 0 unless an objective asks for deposits and the owner's own
   * Stripe account is ready to be paid (issue 12 §3).
   */
  depositCents: number;
  /** Why deposits are or are not taken (the dashboard's Get paid card says it). */
  deposits: DepositAvailability;
  /** The owner's connected account the deposits are paid into, once onboarded. */
  payoutAccountId?: string;
  /** A cancellation at least this many hours before the start gets the deposit back. */
  refundWindowHours: number;
  /** Days the conversation records are kept (the owner's privacy setting). */
  retentionDays: number;
  /** The languages the assistant answers in, English first (docs/decisions/174-spanish.md). */
  languages: Language[];
  /** What the assistant says when a caller switches to Spanish. */
  spanishGreeting: string;
  /**
   * The owner's "Remember past callers" (setup step 5): a returning caller is greeted by name and their
   * upcoming appointment is known (docs/decisions/177-caller-memory.md). Off unless the owner saved it on.
   */
  rememberCallers: boolean;
  /**
   * The owner's knowledge entries (docs/decisions/181-knowledge-and-honesty.md): the only answers to questions
   * beyond the facts above, quoted as the business's own words, never widened into a promise.
   */
  knowledge?: KnowledgeEntry[];
};

export function objectiveBriefs(objective: StoredObjective | undefined): ObjectiveBrief[] {
  if (!objective) return [];
  const config = objective.objective_config;
  const briefs: ObjectiveBrief[] = [];
  const brief = (
    o: StoredObjective | NonNullable<typeof config>['primary_objective'],
    priority: 'primary' | 'secondary',
    weight: number,
  ): ObjectiveBrief => ({
    id: o.id,
    goal: o.goal,
    priority,
    weight,
    success_criteria: [...o.success_criteria],
    required_capabilities: [...o.required_capabilities],
  });
  if (config) {
    briefs.push(brief(config.primary_objective, 'primary', config.objective_hierarchy.primary_weight));
    config.secondary_objectives.forEach((secondary, index) =>
      briefs.push(
        brief(
          secondary,
          'secondary',
          config.objective_hierarchy.secondary_weights[index] ?? secondary.weight,
        ),
      ),
    );
  } else {
    briefs.push(brief(objective, 'primary', objective.weight));
  }
  return briefs;
}

/**
 * The deposit a booking of this service asks (cents): the service's own amount overrides the business's
 * default (0: none for it), and nothing is asked unless the business takes deposits at all.
 */
export function depositFor(business: Pick<BusinessProfile, 'depositCents' | 'calendar'>, serviceId?: string) {
  if (business.depositCents <= 0) return 0;
  const service = serviceId ? business.calendar.services.find((s) => s.id === serviceId) : undefined;
  return service?.deposit_cents ?? business.depositCents;
}

/** Whether any of the owner's objectives collects deposits. */
export const wantsDeposits = (objectives: ObjectiveBrief[]) =>
  objectives.some((o) => o.required_capabilities.includes('deposit_collection'));

export function businessProfile(
  ownerId: string,
  config: BusinessConfig & { time_zone?: string; deposit_amount_cents?: number },
  objective: StoredObjective | undefined,
  payouts?: Payouts,
  knowledge: KnowledgeEntry[] = [],
  calendar: Pick<CalendarModel, 'services' | 'staff' | 'resources'> = EMPTY_CALENDAR_MODEL,
): BusinessProfile {
  const kind = BUSINESS_KINDS[businessKind(config)];
  const hours = resolveWeeklyHours(config);
  // Edited hours are said from the hours themselves; the lookup's lines as the owner saw them in setup.
  const hoursSummary = config.opening_hours
    ? summarizeHours(weekdayLinesOf(hours.hours))
    : summarizeHours(config.business_hours?.weekday_text);
  const objectives = objectiveBriefs(objective);
  const deposits = depositAvailabilityOf(wantsDeposits(objectives), payoutStateOfItem(payouts));
  const settings = payouts?.settings ?? defaultDepositSettings(config.deposit_amount_cents);
  const zone = config.time_zone && isValidTimeZone(config.time_zone) ? config.time_zone : DEFAULT_TIME_ZONE;
  return {
    ownerId,
    businessId: config.business_id,
    name: config.business_name?.trim() || 'the business',
    assistantName: config.assistant_name?.trim() || 'the assistant',
    kindNoun: kind.noun,
    offers: kind.offers,
    ...(config.business_description?.trim() ? { description: config.business_description.trim() } : {}),
    ...(config.address?.trim() ? { address: config.address.trim() } : {}),
    ...(spokenWebsite(config.website) ? { website: spokenWebsite(config.website) } : {}),
    ...(readablePhone(config.phone_number) ? { businessPhone: readablePhone(config.phone_number) } : {}),
    ...(hoursSummary ? { hoursSummary } : {}),
    weeklyHours: hours.hours,
    hoursKnown: hours.stated,
    closures: config.closures ?? [],
    ...(config.slot_grid_minutes ? { slotGridMinutes: config.slot_grid_minutes } : {}),
    calendar: { services: calendar.services, staff: calendar.staff, resources: calendar.resources },
    timeZone: zone,
    retentionDays: config.transcript_retention_days ?? DEFAULT_RETENTION_DAYS,
    languages: servedLanguages(config),
    spanishGreeting:
      config.greeting_es?.trim() ||
      suggestedSpanishGreeting(
        config.business_name?.trim() || 'el negocio',
        config.assistant_name?.trim() || 'su asistente',
      ),
    rememberCallers: config.remember_past_callers === true,
    knowledge,
    priceFacts: priceSentences(config.business_description),
    traits: withDefaultTraits({
      formality: config.formality,
      verbosity: config.verbosity,
      empathy: config.empathy,
      proactivity: config.proactivity,
      humor: config.humor,
    }),
    ...(config.manager_name?.trim() ? { managerName: config.manager_name.trim() } : {}),
    ...(config.manager_number?.trim() ? { managerNumber: config.manager_number.trim() } : {}),
    ...(config.escalation_email?.trim() ? { escalationEmail: config.escalation_email.trim() } : {}),
    textEscalationToManager: config.text_escalation_to_manager ?? true,
    objectives,
    depositCents: deposits === 'on' ? depositCentsOf(settings) : 0,
    deposits,
    ...(deposits === 'on' && payouts?.account_id ? { payoutAccountId: payouts.account_id } : {}),
    refundWindowHours: settings.refund_window_hours,
  };
}

const clock = (minute: number) => {
  const hour = Math.floor(minute / 60) % 24;
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute % 60).padStart(2, '0')} ${suffix}`;
};

/** Edited hours as the lookup's weekday lines ("Monday: 9:00 AM – 12:00 PM, 1:00 PM – 5:00 PM"). */
export function weekdayLinesOf(hours: WeeklyHours): string[] {
  return WEEKDAY_NAMES.map((day, index) => {
    const open = hours[index as keyof WeeklyHours];
    if (open.length === 0) return `${day}: Closed`;
    if (open.length === 1 && open[0]!.start === 0 && open[0]!.end === 1440) return `${day}: Open 24 hours`;
    return `${day}: ${open.map((i) => `${clock(i.start)} – ${clock(i.end)}`).join(', ')}`;
  });
}
