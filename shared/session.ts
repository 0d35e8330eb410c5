/**
 * Session ending (issue 10 §7): the API keeps a list of revoked sessions so that a signed-out or deleted
 * owner's still-unexpired tokens are refused. Shared so the frontend calls the same path the backend serves.
 */
export const SIGN_OUT_PATH = '/oauth/users/{userId}/sign-out';

/**
 * How long a revocation is kept: the longest an ID or access token can live in Cognito (1 day). After that
 * every token it covers has expired on its own, so TTL can drop the record.
 */
export const MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export const SESSION_MESSAGES = {
  revoked: 'This session has ended. Please sign in again.',
  /** Every token of a deleted account (or one being deleted) is refused with this. */
  accountDeleted: 'This account has been deleted.',
} as const;
