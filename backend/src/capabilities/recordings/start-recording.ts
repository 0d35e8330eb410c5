import { recordingMonthOf } from '@shared/call-recordings';
import type { BusinessConfig } from '@shared/schemas/business-config';
import type { Logger } from '../../platform/logging/logger';
import type { CallRecordingRepository } from './records/index';

/**
 * Whether this call is recorded (docs/decisions/184-call-recordings.md): the owner turned recordings on and
 * the month's limit is not reached (the slot is claimed here, one conditional write, once per call however
 * often Twilio retries its webhook). A failure to claim is
 * logged and the call is answered unrecorded: a recording is never worth a caller's failed call.
 */
export async function claimsRecording(
  deps: { data: { callRecordings: Pick<CallRecordingRepository, 'claimMonthlySlot'> }; logger: Logger },
  ownerId: string,
  config: Pick<BusinessConfig, 'call_recording'>,
  at: Date,
  callSid: string,
): Promise<boolean> {
  if (config.call_recording !== true) return false;
  try {
    const claimed = await deps.data.callRecordings.claimMonthlySlot(ownerId, recordingMonthOf(at), callSid);
    if (!claimed) deps.logger.info('recordings.monthly_limit_reached', { owner_id: ownerId });
    return claimed;
  } catch (error) {
    deps.logger.warn('recordings.claim_failed', { owner_id: ownerId, error: String(error) });
    return false;
  }
}
