import { z } from 'zod';

/** POST /oauth/users/{userId}/sign-out (session.ts has the path). */
export const signOutRequestSchema = z
  .object({
    /** End every session of the owner (global sign-out), not only the one this token belongs to. */
    everywhere: z.boolean().optional(),
  })
  .strict();

export const signOutResponseSchema = z.object({ ended: z.enum(['session', 'everywhere']) });
