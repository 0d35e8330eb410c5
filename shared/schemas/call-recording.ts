import { z } from 'zod';
import { RECORDING_STATUSES } from '../call-recordings';

/** The owner's recording switch (docs/decisions/184-call-recordings.md): its request and its answer. */
export const callRecordingSettingSchema = z.object({ call_recording: z.boolean() }).strict();
export type CallRecordingSetting = z.infer<typeof callRecordingSettingSchema>;

/**
 * One call's recording as the call detail reads it: never the provider's URL, which only our API fetches
 * with the account's credentials (the audio itself is GET …/recording/audio, with the owner's token).
 */
export const callRecordingSchema = z.object({
  conversation_id: z.string(),
  status: z.enum(RECORDING_STATUSES),
  /** Seconds of audio, once completed. */
  duration_seconds: z.number().int().min(0).optional(),
  /** 2: the caller on the first channel, the assistant on the second. */
  channels: z.number().int().min(1).max(2),
  created_at: z.string(),
});
export type CallRecording = z.infer<typeof callRecordingSchema>;

/** The answer to deleting one call's recording (the audio at the provider, then our record). */
export const deletedRecordingSchema = z.object({ conversation_id: z.string(), deleted: z.literal(true) });
