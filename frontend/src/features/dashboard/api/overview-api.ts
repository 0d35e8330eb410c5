import type { messageHandledResponseSchema, overviewResponseSchema } from '@shared/schemas/overview';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

/** The live Overview (issue 13 §3): its figures, live calls, time to answer, status and waiting messages. */
export const overviewApi = {
  get: (userId: string) =>
    apiRequest<typeof overviewResponseSchema>(`${ownerPath(userId)}/overview`, {
      action: 'load the overview',
    }),
  markHandled: (userId: string, messageId: string, takenAt: string) =>
    apiRequest<typeof messageHandledResponseSchema>(
      `${ownerPath(userId)}/messages/${encodeURIComponent(messageId)}/handled`,
      {
        method: 'POST',
        body: { taken_at: takenAt },
        action: 'mark the message handled',
      },
    ),
};
