/**
 * The identity service's admin side (issue 10 §7, account deletion): Cognito's AdminUserGlobalSignOut and
 * AdminDeleteUser. The same adapter talks to real Cognito in AWS (SigV4-signed with the Lambda's role) and
 * to cognito-local, the local identity service, which implements both the way Cognito does.
 */
export interface IdentityAdmin {
  /** Revokes every refresh token of the user; a user who no longer exists counts as signed out. */
  signOutEverywhere(username: string): Promise<void>;
  /** Deletes the user; one already deleted counts as done, so a retried deletion finishes. */
  deleteUser(username: string): Promise<void>;
}

/** The identity service refused or failed; the route answers 502 without its details. */
export class IdentityError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
