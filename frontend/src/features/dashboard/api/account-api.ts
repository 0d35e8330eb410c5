import { ACCOUNT_DELETION_PATH, ACCOUNT_DELETION_WORD } from '@shared/account-deletion';
import type { accountDeletionResponseSchema } from '@shared/schemas/account-deletion';
import { apiRequest } from '../../../lib/api-client';

/** Issue 10 §7: the owner deletes their account (the server does every step; see decision 086). */
export const accountApi = {
  deleteAccount: (userId: string) =>
    apiRequest<typeof accountDeletionResponseSchema>(
      ACCOUNT_DELETION_PATH.replace('{userId}', encodeURIComponent(userId)),
      {
        method: 'DELETE',
        body: { confirmation: ACCOUNT_DELETION_WORD },
        action: 'delete your account',
      },
    ),
};
