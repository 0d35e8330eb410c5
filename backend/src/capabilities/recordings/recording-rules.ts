import { z } from 'zod';
import { isFinalRecordingStatus, RECORDING_STATUSES, type RecordingStatus } from '@shared/call-recordings';
import type { CallRecording } from '@shared/schemas/call-recording';
import { RECORDING_SID_PATTERN } from '../../providers/call-recordings/port';
import type { StoredRecording } from './records/index';
import { dueDayOf } from './records/index';

/**
 * Twilio's recording status callback (the fields we read; the rest is ignored). RecordingDuration and
 * RecordingChannels come with `completed`; `absent` means the call had no audio to keep.
 */
export const recordingCallbackSchema = z.object({
  AccountSid: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account sid'),
  CallSid: z.string().regex(/^CA[0-9a-f]{32}$/, 'must be a Twilio call sid'),
  RecordingSid: z.string().regex(RECORDING_SID_PATTERN, 'must be a Twilio recording sid'),
  RecordingStatus: z.enum(RECORDING_STATUSES),
  RecordingDuration: z.coerce.number().int().min(0).max(86_400).optional(),
  RecordingChannels: z.coerce.number().int().min(1).max(2).optional(),
});
export type RecordingCallback = z.infer<typeof recordingCallbackSchema>;

/** The call whose recording a callback is about, as its conversation's working state knows it. */
export type RecordedCall = {
  owner_id: string;
  conversation_id: string;
  caller: string;
  started_at: string;
};

/**
 * The record a callback leaves: the call's owner and caller from its conversation, retention counted from
 * the conversation's start as for its transcript, the first `created_at` kept across retries.
 */
export function recordingOf(
  callback: RecordingCallback,
  call: RecordedCall,
  retentionDays: number,
  existing: StoredRecording | undefined,
  at: Date,
): StoredRecording {
  const status: RecordingStatus = callback.RecordingStatus;
  return {
    owner_id: call.owner_id,
    conversation_id: call.conversation_id,
    recording_sid: callback.RecordingSid,
    call_sid: callback.CallSid,
    caller: call.caller,
    conversation_started_at: call.started_at,
    status,
    ...(callback.RecordingDuration !== undefined && isFinalRecordingStatus(status)
      ? { duration_seconds: callback.RecordingDuration }
      : {}),
    channels: callback.RecordingChannels ?? 2,
    created_at: existing?.created_at ?? at.toISOString(),
    updated_at: at.toISOString(),
    due_day: dueDayOf(call.started_at, retentionDays),
  };
}

/** What the owner's API shows of a recording: never the provider's sid or URL. */
export const recordingView = (recording: StoredRecording): CallRecording => ({
  conversation_id: recording.conversation_id,
  status: recording.status,
  ...(recording.duration_seconds !== undefined ? { duration_seconds: recording.duration_seconds } : {}),
  channels: recording.channels,
  created_at: recording.created_at,
});
