import { z } from 'zod';

/** What GET /api/sample-call answers (shared/sample-call.ts has the transcript it speaks). */
export const sampleCallResponseSchema = z.object({
  /** The whole call as a data: URL (WAV locally, MP3 with OpenAI speech). */
  audio_url: z.string(),
  /** How many transcript lines it speaks, in order. */
  lines: z.number().int().nonnegative(),
});
export type SampleCallResponse = z.infer<typeof sampleCallResponseSchema>;
