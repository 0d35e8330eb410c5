import { z } from 'zod';
import { FRONTEND_EVENT_TYPES } from '../frontend-log-event';

/** Spec §3 "Frontend log event". */
export const frontendLogEventSchema = z
  .object({
    event_type: z.enum(FRONTEND_EVENT_TYPES),
    timestamp: z.iso.datetime(),
    cognito_user_id: z.string().max(128).optional(),
    user_email: z.email().max(320).optional(),
    login_method: z.string().max(64).optional(),
    oauth_provider: z.string().max(64).optional(),
    message: z.string().max(500).optional(),
  })
  .strict();
export type FrontendLogEvent = z.infer<typeof frontendLogEventSchema>;
