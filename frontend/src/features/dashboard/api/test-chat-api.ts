import type { TestCallResponse, TestChatRequest, TestChatResponse } from '@shared/schemas/test-chat';
import { apiRequest } from '../../../lib/api-client';

/** The owner's test chat: one message in, what the assistant said and did out. */
export const testChatApi = {
  send: (userId: string, request: TestChatRequest) =>
    apiRequest<TestChatResponse>(`/oauth/users/${encodeURIComponent(userId)}/test-chat`, {
      method: 'POST',
      body: request,
      action: 'reach your assistant',
    }),
};

/** The owner's in-browser test call: a test conversation to name in the relay socket's setup. */
export const testCallApi = {
  start: (userId: string) =>
    apiRequest<TestCallResponse>(`/oauth/users/${encodeURIComponent(userId)}/test-call`, {
      method: 'POST',
      action: 'call your assistant',
    }),
};
