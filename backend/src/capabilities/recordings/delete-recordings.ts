import { DEFAULT_RETENTION_DAYS } from '@shared/privacy-retention';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { RecordingDeletionDeps } from './deps';
import { dueDayOf, type StoredRecording } from './records/index';

/**
 * Deleting recordings (docs/decisions/184-call-recordings.md): always at the provider first, then our
 * record, so a provider failure leaves the record in place and the retry finds it again. A provider that
 * has nothing by that sid any more counts as deleted.
 */
async function deleteEach(deps: RecordingDeletionDeps, recordings: readonly StoredRecording[]) {
  for (const recording of recordings) {
    await deps.providers.callRecordings.delete(recording.recording_sid);
    await deps.data.callRecordings.remove(recording);
  }
  return recordings.length;
}

/** The owner deletes one call's recording from the call detail. */
export async function deleteRecording(deps: RecordingDeletionDeps, recording: StoredRecording) {
  return deleteEach(deps, [recording]);
}

/** Caller erasure: every recording of one caller of the owner. */
export async function eraseCallerRecordings(deps: RecordingDeletionDeps, ownerId: string, caller: string) {
  return deleteEach(deps, await deps.data.callRecordings.ofCaller(ownerId, caller));
}

/** Account deletion: every recording of the owner, before the owner's items go. */
export async function deleteOwnerRecordings(deps: RecordingDeletionDeps, ownerId: string) {
  return deleteEach(deps, await deps.data.callRecordings.ofOwner(ownerId));
}

/** The owner changed the retention period: each recording is filed under its new due day. */
export async function restampRecordings(deps: RecordingDeletionDeps, ownerId: string, retentionDays: number) {
  const recordings = await deps.data.callRecordings.ofOwner(ownerId);
  for (const recording of recordings)
    await deps.data.callRecordings.moveDue(
      recording,
      dueDayOf(recording.conversation_started_at, retentionDays),
    );
  return recordings.length;
}

/** Days of due markers a sweep looks back over: a sweep missed for a few days still finds them. */
export const RECORDING_SWEEP_LOOKBACK_DAYS = 7;

/**
 * Retention: the recordings whose period is over by `at` are deleted at the provider and forgotten. Each
 * due marker is checked against the owner's current period (a lengthened one moves it on), and a marker
 * whose recording is gone already (erased) is dropped. One failure is logged and retried by the next sweep.
 */
export async function expireDueRecordings(
  deps: RecordingDeletionDeps & { data: { businessConfigs: Pick<BusinessConfigRepository, 'getConfig'> } },
  at: Date,
) {
  let deleted = 0;
  for (let back = RECORDING_SWEEP_LOOKBACK_DAYS; back >= 0; back -= 1) {
    const day = new Date(at.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    for (const due of await deps.data.callRecordings.dueOn(day)) {
      try {
        const recording = await deps.data.callRecordings.get(due.owner_id, due.conversation_id);
        // Gone already (erased), or filed under another day since (this marker is a leftover).
        if (!recording || recording.due_day !== day) {
          await deps.data.callRecordings.forgetDue(day, due.owner_id, due.conversation_id);
          continue;
        }
        const config = await deps.data.businessConfigs.getConfig(due.owner_id);
        const days = config?.transcript_retention_days ?? DEFAULT_RETENTION_DAYS;
        const dueDay = dueDayOf(recording.conversation_started_at, days);
        if (dueDay > at.toISOString().slice(0, 10)) {
          await deps.data.callRecordings.moveDue(recording, dueDay);
          continue;
        }
        deleted += await deleteEach(deps, [recording]);
      } catch (error) {
        deps.logger.warn('recordings.expiry_failed', { owner_id: due.owner_id, error: String(error) });
      }
    }
  }
  return { deleted };
}
