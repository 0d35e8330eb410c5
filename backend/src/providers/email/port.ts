/** Outgoing e-mail: the local outbox by default; Amazon SES when configured (added with the referrals work). */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  /** What produced it, e.g. 'signup-confirmation', shown in the local outbox. */
  kind: string;
  /** Extra message headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: ReadonlyArray<{ name: string; value: string }>;
};

export type StoredEmail = EmailMessage & { id: string; sentAt: string };

export interface EmailSender {
  send(message: EmailMessage): Promise<{ id: string }>;
}

/** In AWS without SES_FROM_ADDRESS: sign-up codes are sent by Cognito itself; invitations fail clearly. */
export const emailNotConfigured: EmailSender = {
  send: async () => {
    throw new Error('E-mail sending is not configured in this environment');
  },
};
