import { z } from 'zod';
import { NOTIFICATION_FAN_OUT } from '@shared/notifications-fan-out';

/**
 * The messages of the notification fan-out (docs/decisions/162-notification-fan-out.md): one per batch of
 * owners, checked with zod when a worker takes it (a queue is a boundary like any other).
 */
/** The scheduled notification jobs: 'sweep' every few minutes, 'digest' hourly (each zone's 7:00 comes once). */
export const NOTIFICATION_JOBS = ['sweep', 'digest'] as const;
export type NotificationJob = (typeof NOTIFICATION_JOBS)[number];

const ownerId = z.string().min(1).max(128);
const runId = z.string().regex(/^[0-9T:-]{13,40}$|^[0-9a-f-]{36}$/);

const sweepOwner = z.object({
  owner_id: ownerId,
  due: z
    .array(
      z.object({
        conversation_id: z.string().min(1).max(128),
        due_hour: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}$/),
        due_at: z.iso.datetime(),
      }),
    )
    .min(1)
    .max(NOTIFICATION_FAN_OUT.dueMarkersPerOwnerPerRun),
});
const markersOf = (owners: ReadonlyArray<{ due: readonly unknown[] }>) =>
  owners.reduce((sum, owner) => sum + owner.due.length, 0);
const digestOwner = z.object({ owner_id: ownerId, time_zone: z.string().min(1).max(64) });
/** One owner's due appointment reminders (docs/decisions/175-reminders.md). */
const reminderOwner = z.object({
  owner_id: ownerId,
  due: z
    .array(
      z.object({
        owner_id: ownerId,
        appointment_id: z.string().min(1).max(64),
        offset_hours: z.number().int().min(1).max(72),
        send_at: z.iso.datetime(),
        send_hour: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}$/),
        language: z.enum(['en', 'es']),
      }),
    )
    .min(1)
    .max(NOTIFICATION_FAN_OUT.dueMarkersPerOwnerPerRun),
});

export const notificationBatchSchema = z.discriminatedUnion('job', [
  z.object({
    job: z.literal('sweep'),
    run_id: runId,
    owners: z
      .array(sweepOwner)
      .min(1)
      .max(NOTIFICATION_FAN_OUT.ownersPerBatch)
      .refine(
        (owners) => markersOf(owners) <= NOTIFICATION_FAN_OUT.dueMarkersPerBatch,
        `at most ${NOTIFICATION_FAN_OUT.dueMarkersPerBatch} due markers per batch`,
      ),
  }),
  z.object({
    job: z.literal('digest'),
    run_id: runId,
    /** The run's instant: a redelivered batch still sends the same day's digest. */
    at: z.iso.datetime(),
    owners: z.array(digestOwner).min(1).max(NOTIFICATION_FAN_OUT.ownersPerBatch),
  }),
  /** Appointment reminders ride the sweep's schedule: its run, their own batches and owner claims. */
  z.object({
    job: z.literal('reminders'),
    run_id: runId,
    /** The sweep's instant: a redelivered batch judges what is due (and quiet hours) as of then. */
    at: z.iso.datetime(),
    owners: z
      .array(reminderOwner)
      .min(1)
      .max(NOTIFICATION_FAN_OUT.ownersPerBatch)
      .refine(
        (owners) => markersOf(owners) <= NOTIFICATION_FAN_OUT.dueMarkersPerBatch,
        `at most ${NOTIFICATION_FAN_OUT.dueMarkersPerBatch} reminders per batch`,
      ),
  }),
]);
export type NotificationBatch = z.infer<typeof notificationBatchSchema>;
export type SweepOwner = z.infer<typeof sweepOwner>;
export type DigestOwner = z.infer<typeof digestOwner>;
export type ReminderOwner = z.infer<typeof reminderOwner>;

/**
 * The run a scheduled start belongs to: its schedule slot ("2026-11-27T14:02" for the sweep every two
 * minutes, "2026-11-27T14:00" for the hourly digest). EventBridge may start a slot twice (its delivery is
 * at least once); both copies name the same run, so each owner is handled once.
 */
export function runIdOf(job: NotificationJob, at: Date): string {
  const slotMs = NOTIFICATION_FAN_OUT.scheduleMinutes[job] * 60_000;
  return new Date(Math.floor(at.getTime() / slotMs) * slotMs).toISOString().slice(0, 16);
}

/**
 * Packs a sweep's owners into messages of at most `ownersPerBatch` owners and `dueMarkersPerBatch` markers
 * (an owner's markers stay together: the owner is claimed once per run).
 */
export function sweepBatchesOf<Owner extends { due: readonly unknown[] }>(
  owners: readonly Owner[],
): Owner[][] {
  const batches: Owner[][] = [];
  let current: Owner[] = [];
  for (const owner of owners) {
    if (
      current.length === NOTIFICATION_FAN_OUT.ownersPerBatch ||
      markersOf(current) + owner.due.length > NOTIFICATION_FAN_OUT.dueMarkersPerBatch
    ) {
      batches.push(current);
      current = [];
    }
    current.push(owner);
  }
  if (current.length) batches.push(current);
  return batches;
}

/** Splits a run's owners into messages of `ownersPerBatch`. */
export function batchesOf<T>(
  owners: readonly T[],
  size: number = NOTIFICATION_FAN_OUT.ownersPerBatch,
): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < owners.length; start += size) batches.push(owners.slice(start, start + size));
  return batches;
}
