/**
 * Account deletion (issue 10 §7): the owner deletes their account from the dashboard. Shared so the
 * frontend calls the path the backend serves, with the same confirmation rule and texts. The request and
 * response schemas are in shared/schemas/account-deletion.ts: the landing page shows `done` and must not
 * pull zod into its chunk.
 */
export const ACCOUNT_DELETION_PATH = '/oauth/users/{userId}/account';

/** What the owner types to confirm; a typo or a stray click deletes nothing. */
export const ACCOUNT_DELETION_WORD = 'DELETE';

/** A deletion that failed half-way is finished by the next request; this many may start per hour. */
export const ACCOUNT_DELETION_LIMIT = { requests: 5, windowSeconds: 60 * 60 } as const;

export const ACCOUNT_DELETION_TEXTS = {
  title: 'Delete account',
  explanation:
    'Deleting your account releases your assistant phone number, cancels your subscription at once (no further charges) and erases your business settings, conversations, transcripts, appointments, messages, referrals and calendar connections. You are signed out everywhere. This cannot be undone.',
  confirmLabel: `Type ${ACCOUNT_DELETION_WORD} to confirm`,
  button: 'Delete account',
  deleting: 'Deleting…',
  failed: 'Your account could not be deleted completely. Please try again; nothing is charged meanwhile.',
  inProgress: 'Your account is already being deleted. Please wait a moment and try again.',
  /** Shown on the landing page once the account is gone. */
  done: 'Your account has been deleted. Your number was released and your subscription cancelled.',
} as const;
