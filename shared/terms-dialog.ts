/**
 * The terms dialog on /plans (spec §4 "Plans"), word for word. Its own small module: the entry paints the
 * dialog from these texts before the plans page's code arrives (frontend/src/app/remembered-screen.ts), so
 * they must not pull the plans rules and schemas into every page.
 */
/** The terms-accepted flag kept in browser storage (spec §3 "Browser-kept session data"). */
export const TERMS_ACCEPTED_STORAGE_KEY = 'ringly.termsAccepted';

export const TERMS_DIALOG_TEXT = {
  title: 'Terms of Service',
  readAndAccept: 'Before you choose a plan, please read and accept our',
  termsLink: 'Terms of Service',
  and: 'and',
  privacyLink: 'Privacy Policy',
  billing:
    'Subscriptions are billed in advance and are non-refundable. Your card is only charged when your free trial ends, and you can cancel any time before then.',
  cancel: 'Cancel',
  agree: 'Agree',
} as const;
