import type { ForwardingChoice, forwardingStatusSchema } from '@shared/schemas/forwarding';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

const path = (userId: string) => `${ownerPath(userId)}/forwarding`;

/** Forwarding from the owner's business line (docs/decisions/172-forwarding.md). */
export const forwardingApi = {
  get: (userId: string) =>
    apiRequest<typeof forwardingStatusSchema>(path(userId), { action: 'load your forwarding status' }),
  /** Answers the status with the choice saved, which the guide puts in its cache. */
  saveChoice: (userId: string, choice: ForwardingChoice) =>
    apiRequest<typeof forwardingStatusSchema>(path(userId), {
      method: 'PUT',
      body: choice,
      action: 'save your forwarding choice',
    }),
};
