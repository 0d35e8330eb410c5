import { SIGN_OUT_PATH } from '@shared/session';
import type { signOutResponseSchema } from '@shared/schemas/session';
import { apiRequest } from '../../../lib/api-client';

/**
 * Ends this session on the API (issue 10 §7) before Amplify revokes the refresh token: the ID and access
 * tokens already handed out would otherwise stay valid there until they expire. Best effort, like the rest
 * of sign-out: a failure must not keep the owner signed in.
 */
export async function endApiSession(userId: string): Promise<void> {
  try {
    await apiRequest<typeof signOutResponseSchema>(
      SIGN_OUT_PATH.replace('{userId}', encodeURIComponent(userId)),
      {
        method: 'POST',
        body: {},
        action: 'sign out',
      },
    );
  } catch (error) {
    console.warn('The API session could not be ended; signing out of the identity service anyway', error);
  }
}
