import type { DepositRefundOutcome } from '@shared/get-paid';
import type { Language } from '@shared/language';
import type { z } from 'zod';
import { e164PhoneSchema } from '@shared/schemas/phone-number';
import type { Appointment } from '@shared/schemas/appointment';
import type { OwnerCalendar } from '../../calendars/index';
import type { SchedulingLinkBooking } from '../../calendars/records/index';
import type { AppointmentRepository } from '../../appointments/records/index';
import type { BusinessProfile } from '../business-profile';
import type { ConversationState, ToolName } from '../records/conversation-types';

/** What a tool may do in the world: narrow ports, so each tool is tested with small fakes or real DynamoDB. */
export type ToolServices = {
  appointments: AppointmentRepository;
  /** The owner's connected calendar, when the app has one wired (tests of the tools may leave it out). */
  calendar?: OwnerCalendar;
  /** Texts the caller or the manager from the assistant's number; false when not sent (opted out, no number). */
  sendSms(to: string, body: string): Promise<boolean>;
  /** A payment link for a deposit on the booking; the signed payment webhook marks it paid. */
  createDepositLink(input: {
    ownerId: string;
    appointment: Appointment;
    amountCents: number;
    conversationId: string;
    businessName: string;
  }): Promise<{ url: string; sessionId: string; accountId: string }>;
  /** Records a booking that waits on the scheduler's own page (Calendly) until its webhook confirms it. */
  recordSchedulingLink(
    booking: Omit<SchedulingLinkBooking, 'status' | 'created_at' | 'appointment_id'>,
  ): Promise<unknown>;
  /** The owner's refund policy for a cancelled booking's paid deposit (refunds on their account). */
  refundDeposit(cancelled: Appointment): Promise<DepositRefundOutcome>;
  saveMessage(message: {
    ownerId: string;
    conversationId: string;
    name: string;
    callbackNumber: string;
    reason: string;
    channel: string;
    /** The language the caller left it in (decision 174); absent before the caller said anything. */
    language?: Language;
  }): Promise<void>;
  /** Plans a booked or moved appointment's reminders (absent in tests that do not need them). */
  planReminders?(appointment: Appointment): Promise<void>;
  /** Tells the owner's webhooks an appointment was booked, moved or cancelled (docs/decisions/178). */
  appointmentChanged?(
    change: 'booked' | 'moved' | 'cancelled',
    appointment: Appointment,
    previousStartsAt: string | null,
  ): Promise<void>;
  /** Counts one use of a per-owner daily allowance; false once it is used up. */
  allow(key: string, perDay: number): Promise<boolean>;
};

export type ToolContext = {
  business: BusinessProfile;
  state: ConversationState;
  now: Date;
  services: ToolServices;
};

export type ToolResult = {
  ok: boolean;
  /** One line for the transcript, the owner's call log and the test chat ("Booked Haircut for …"). */
  summary: string;
  /** What the model reads back (facts, slots, ids); never secrets. */
  data?: Record<string, unknown>;
  /** Voice transfers the caller here; other channels already texted the manager. */
  transfer?: { to: string; summary: string };
  end?: { reason: string };
};

export type Tool<Args> = {
  name: ToolName;
  /** For the model: when to use it. */
  description: string;
  args: z.ZodType<Args>;
  run(context: ToolContext, args: Args): Promise<ToolResult>;
};

/** Here for the tools; in its own module for the caller's memory, which a first ring loads (decision 186). */
export { isTextable } from '../textable';

/** A number the caller gives (to book under, to be called back on): any country, in E.164. */
export const phoneArgSchema = e164PhoneSchema({
  rule: 'valid',
  message: 'a phone number in E.164 form, e.g. +14155550123',
}).describe('E.164, e.g. +14155550123 or +525512345678');
