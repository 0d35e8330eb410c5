import type { OverviewResponse } from '@shared/schemas/overview';
import { apiRequest } from '../../../lib/api-client';

/** The live Overview (issue 13 §3): today's and this week's figures, live calls, time to answer, status. */
export const overviewApi = {
  get: (userId: string) =>
    apiRequest<OverviewResponse>(`/oauth/users/${encodeURIComponent(userId)}/overview`, {
      action: 'load the overview',
    }),
};
