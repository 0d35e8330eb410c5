export type IdentityUser = {
  username: string;
  sub: string;
  email?: string;
  enabled: boolean;
  status?: string;
  createdAt?: string;
  attributes: Record<string, string>;
};

/**
 * The user pool's admin side, one adapter for every caller: account deletion on a request path (issue 10
 * §7) and the operator's CLI (issue 14 §8). Real Cognito in AWS, cognito-local (which implements these
 * operations the way Cognito does) on a developer's machine and in tests.
 */
export interface IdentityAdmin {
  /** Revokes every refresh token of the user; a user who no longer exists counts as signed out. */
  signOutEverywhere(username: string): Promise<void>;
  /** Deletes the user; one already deleted counts as done, so a retried deletion finishes. */
  deleteUser(username: string): Promise<void>;
  findByEmail(email: string): Promise<IdentityUser | undefined>;
  findBySub(sub: string): Promise<IdentityUser | undefined>;
  setAttributes(username: string, attributes: Record<string, string>): Promise<void>;
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

/** The owner's sign-in e-mail (the user pool's), for e-mails that have no other address. */
export const signInEmailOf =
  (identity: Pick<IdentityAdmin, 'findBySub'>) =>
  async (ownerId: string): Promise<string | undefined> =>
    (await identity.findBySub(ownerId))?.email;
