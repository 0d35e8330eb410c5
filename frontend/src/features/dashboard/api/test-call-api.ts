import type { TestCallResponse } from '@shared/schemas/test-chat';
import { apiRequest } from '../../../lib/api-client';

/** The owner's in-browser test call: a test conversation to name in the relay socket's setup. */
export const testCallApi = {
  start: (userId: string) =>
    apiRequest<TestCallResponse>(`/oauth/users/${encodeURIComponent(userId)}/test-call`, {
      method: 'POST',
      action: 'call your assistant',
    }),
};
