import type { assistantCheckResponseSchema } from '@shared/schemas/assistant-check';
import { apiRequest } from '../../../lib/api-client';

/** "Check my assistant": ten generated test conversations, each with its transcript and pass or fail. */
export const assistantCheckApi = {
  run: (userId: string) =>
    apiRequest<typeof assistantCheckResponseSchema>(
      `/oauth/users/${encodeURIComponent(userId)}/assistant-check`,
      { method: 'POST', action: 'check your assistant' },
    ),
};
