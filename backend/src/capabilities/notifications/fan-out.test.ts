import { describe, expect, it } from 'vitest';
import { NOTIFICATION_FAN_OUT } from '@shared/notifications-fan-out';
import { batchesOf, notificationBatchSchema, runIdOf, sweepBatchesOf } from './fan-out';

describe('notification fan-out', () => {
  it('names a run by its schedule slot: two starts of one slot are one run, the next slot another', () => {
    const at = (iso: string) => new Date(iso);
    expect(runIdOf('sweep', at('2026-11-27T14:02:00.400Z'))).toBe('2026-11-27T14:02');
    expect(runIdOf('sweep', at('2026-11-27T14:03:59.999Z'))).toBe('2026-11-27T14:02');
    expect(runIdOf('sweep', at('2026-11-27T14:04:00.000Z'))).toBe('2026-11-27T14:04');
    expect(runIdOf('digest', at('2026-11-27T14:00:03Z'))).toBe('2026-11-27T14:00');
    expect(runIdOf('digest', at('2026-11-27T14:59:59Z'))).toBe('2026-11-27T14:00');
  });

  it('splits owners into batches of ownersPerBatch', () => {
    const owners = Array.from({ length: 2 * NOTIFICATION_FAN_OUT.ownersPerBatch + 1 }, (_, i) => i);
    const batches = batchesOf(owners);
    expect(batches.map((batch) => batch.length)).toEqual([
      NOTIFICATION_FAN_OUT.ownersPerBatch,
      NOTIFICATION_FAN_OUT.ownersPerBatch,
      1,
    ]);
    expect(batches.flat()).toEqual(owners);
  });

  it('accepts a batch only within its bounds', () => {
    const digest = (owners: number) => ({
      job: 'digest',
      run_id: '2026-11-27T14:00',
      at: '2026-11-27T14:00:03.000Z',
      owners: Array.from({ length: owners }, (_, i) => ({ owner_id: `o${i}`, time_zone: 'UTC' })),
    });
    expect(notificationBatchSchema.safeParse(digest(1)).success).toBe(true);
    expect(notificationBatchSchema.safeParse(digest(0)).success).toBe(false);
    expect(notificationBatchSchema.safeParse(digest(NOTIFICATION_FAN_OUT.ownersPerBatch + 1)).success).toBe(
      false,
    );
    const due = (count: number) => ({
      job: 'sweep',
      run_id: '2026-11-27T14:02',
      owners: [
        {
          owner_id: 'o1',
          due: Array.from({ length: count }, (_, i) => ({
            conversation_id: `c${i}`,
            due_hour: '2026-11-27T13',
            due_at: '2026-11-27T13:10:00.000Z',
          })),
        },
      ],
    });
    expect(
      notificationBatchSchema.safeParse(due(NOTIFICATION_FAN_OUT.dueMarkersPerOwnerPerRun)).success,
    ).toBe(true);
    expect(
      notificationBatchSchema.safeParse(due(NOTIFICATION_FAN_OUT.dueMarkersPerOwnerPerRun + 1)).success,
    ).toBe(false);
    expect(notificationBatchSchema.safeParse({ ...digest(1), run_id: 'x;drop' }).success).toBe(false);
  });

  it('keeps the largest message well inside SQS’s 256 KB', () => {
    const owner = (n: number) => ({
      owner_id: `owner-${n}`.padEnd(64, 'x'),
      due: Array.from({ length: NOTIFICATION_FAN_OUT.dueMarkersPerOwnerPerRun }, (_, i) => ({
        conversation_id: `${'c'.repeat(36)}${i}`,
        due_hour: '2026-11-27T13',
        due_at: '2026-11-27T13:10:00.000Z',
      })),
    });
    // The worst case: every owner at the marker cap. Each message must pass the schema and fit SQS's limit.
    const owners = Array.from({ length: 60 }, (_, i) => owner(i));
    const batches = sweepBatchesOf(owners);
    expect(batches.flat()).toEqual(owners);
    for (const batch of batches) {
      const message = { job: 'sweep', run_id: '2026-11-27T14:02', owners: batch };
      expect(notificationBatchSchema.safeParse(message).success).toBe(true);
      expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThan(NOTIFICATION_FAN_OUT.maxSendBytes / 2);
    }
    // Small owners still fill a batch up to ownersPerBatch.
    const small = Array.from({ length: 30 }, (_, i) => ({ ...owner(i), due: owner(i).due.slice(0, 1) }));
    expect(sweepBatchesOf(small).map((batch) => batch.length)).toEqual([
      NOTIFICATION_FAN_OUT.ownersPerBatch,
      30 - NOTIFICATION_FAN_OUT.ownersPerBatch,
    ]);
  });
});
