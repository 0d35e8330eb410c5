import type { testCallResponseSchema } from '@shared/schemas/test-chat';
import { apiRequest } from '../../../lib/api-client';

/** The owner's in-browser test call: a test conversation to name in the relay socket's setup. */
export const testCallApi = {
  start: (userId: string) =>
    apiRequest<typeof testCallResponseSchema>(`/oauth/users/${encodeURIComponent(userId)}/test-call`, {
      method: 'POST',
      action: 'call your assistant',
    }),
};
