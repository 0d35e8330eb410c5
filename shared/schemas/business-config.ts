import { z } from 'zod';
import { MAX_DEPOSIT_CENTS } from '../receptionist/deposits';
import { selectedVoiceSchema } from './selected-voice';
import { servedLanguagesSchema } from './language-settings';
import { answerModeSchema, greetingsSchema, greetingTextSchema, ringSecondsSchema } from './answer-mode';
import { businessHoursSchema } from './business-hours';
import { forwardingRecordSchema } from './forwarding';
import { retentionDaysSchema } from './privacy';
import { closuresSchema, slotGridMinutesSchema, weeklyHoursSchema } from './calendar-model';

/**
 * The business config of spec §3, as stored and as the API returns it. Every field but business_id is
 * optional because the setup wizard fills it step by step; each step's endpoint validates its own input
 * more strictly.
 */
export { selectedVoiceSchema };

export const businessConfigSchema = z.object({
  business_id: z.string(),
  business_name: z.string().max(200).optional(),
  phone_number: z.string().max(20).optional(),
  /** Forwarding from phone_number (the business line) to the assistant (docs/decisions/172-forwarding.md). */
  forwarding: forwardingRecordSchema.optional(),
  website: z.string().max(500).optional(),
  address: z.string().max(500).optional(),
  business_hours: businessHoursSchema.optional(),
  /**
   * The hours the owner set in the hours editor (issue 34): absent, business_hours' lines (the Places lookup)
   * are parsed, then DEFAULT_WEEKLY_HOURS (resolveWeeklyHours). Every reader goes through resolveWeeklyHours.
   */
  opening_hours: weeklyHoursSchema.optional(),
  /** Dates (or parts of them) the business is closed, with what the assistant says (issue 34). */
  closures: closuresSchema.optional(),
  /** The grid bookable start times fall on; absent: DEFAULT_SLOT_GRID_MINUTES. */
  slot_grid_minutes: slotGridMinutesSchema.optional(),
  /** IANA time zone of the business (issue 9 §4): booking, "today" and after-hours analytics use it. */
  time_zone: z.string().max(64).optional(),
  /** Deposit per booking in cents, when the objectives collect deposits (default DEFAULT_DEPOSIT_CENTS). */
  deposit_amount_cents: z.number().int().min(0).max(MAX_DEPOSIT_CENTS).optional(),
  /** How long conversation records are kept (issue 13 §5; DEFAULT_RETENTION_DAYS when unset). */
  transcript_retention_days: retentionDaysSchema.optional(),
  business_description: z.string().max(4000).optional(),
  assistant_name: z.string().max(100).optional(),
  voice_settings: z.object({ voice_id: z.string() }).catchall(z.unknown()).optional(),
  formality: z.string().optional(),
  verbosity: z.string().optional(),
  empathy: z.string().optional(),
  proactivity: z.string().optional(),
  humor: z.string().optional(),
  personality_traits: z.record(z.string(), z.string()).optional(),
  selected_voice: selectedVoiceSchema.optional(),
  assistant_phone: z.string().max(20).optional(),
  /** When the assistant answers (docs/decisions/173-answer-modes.md); absent: 'always'. */
  answer_mode: answerModeSchema.optional(),
  /** Ring me first: seconds the business phone (phone_number) rings before the assistant answers. */
  ring_seconds: ringSecondsSchema.optional(),
  /** The owner's greeting per mode; absent or '' means the suggested one (shared/answer-modes.ts). */
  greetings: greetingsSchema.optional(),
  /** The languages the assistant serves (docs/decisions/174-spanish.md); absent: English only. */
  languages: servedLanguagesSchema.optional(),
  /** The Spanish voice; absent: selected_voice speaks Spanish too. */
  selected_voice_es: selectedVoiceSchema.optional(),
  /** Whether the greeting offers Spanish in Spanish (default on when Spanish is served). */
  bilingual_greeting: z.boolean().optional(),
  /** Said when a caller switches to Spanish; absent or '': the suggested one. */
  greeting_es: greetingTextSchema.optional(),
  manager_number: z.string().max(20).optional(),
  manager_name: z.string().max(100).optional(),
  escalation_email: z.string().max(320).optional(),
  remember_past_callers: z.boolean().optional(),
  /** Calls are recorded, with the disclosure said first (docs/decisions/184-call-recordings.md); absent: off. */
  call_recording: z.boolean().optional(),
  text_escalation_to_manager: z.boolean().optional(),
  business_objective_id: z.string().optional(),
  objective_template: z.string().optional(),
  /**
   * Modules in effect, as the API answers: those the owner's setup turns on (calendar → scheduling, phone
   * number → sms) plus operator grants. Stored, it holds only the grants; no owner endpoint writes it.
   */
  authorized_modules: z.array(z.string()).optional(),
  known_callers: z.record(z.string(), z.unknown()).optional(),
  tools: z.array(z.unknown()).optional(),
  setup_completed: z.boolean().optional(),
  /** Steps the wizard reported through mark-step-complete (1-7). */
  marked_steps: z.array(z.number().int().min(1).max(7)).optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type BusinessConfig = z.infer<typeof businessConfigSchema>;
/** GET config with ?if_missing=null: none yet is a JSON null (api-queries.ts). */
export const businessConfigOrNoneSchema = businessConfigSchema.nullable();
