import type { TestChatRequest, testChatResponseSchema } from '@shared/schemas/test-chat';
import { apiRequest } from '../../../lib/api-client';

/** The owner's test chat: one message in, what the assistant said and did out. */
export const testChatApi = {
  send: (userId: string, request: TestChatRequest) =>
    apiRequest<typeof testChatResponseSchema>(`/oauth/users/${encodeURIComponent(userId)}/test-chat`, {
      method: 'POST',
      body: request,
      action: 'reach your assistant',
    }),
};
