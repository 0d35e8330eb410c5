/** Product name and contact mailboxes, used by the public pages and the e-mails. */
export const BRAND = {
  name: 'Ringly',
  tagline: 'The AI receptionist for small businesses',
  /** The tagline inside a sentence ("Ringly, the AI receptionist for …"): lower-casing it would say "ai". */
  inSentence: 'the AI receptionist for small businesses',
  copyrightYear: 2025,
  privacyEmail: 'privacy@ringly.example',
  legalEmail: 'legal@ringly.example',
  supportEmail: 'support@ringly.example',
} as const;
