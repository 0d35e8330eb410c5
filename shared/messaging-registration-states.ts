/**
 * An owner's A2P 10DLC registration states and what the owner is told in each (decision 169), without zod.
 *
 * not_started: nothing submitted (or only a draft the provider refused at once, which is `failed`);
 * in_review: brand and campaign submitted, carriers reviewing; otp_required: a sole proprietor's contact
 * must reply YES to the registry's verification text (valid 24 hours); approved: the campaign is approved, texts flow; failed: refused,
 * with the reason and what to change; resubmitted: in review again after a fix.
 */
export const REGISTRATION_STATES = [
  'not_started',
  'in_review',
  'otp_required',
  'approved',
  'failed',
  'resubmitted',
] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

/** Texts to US numbers are sent only in this state (decision 169). */
export const textingAllowedIn = (state: RegistrationState) => state === 'approved';

/** What the owner reads about each state (Overview, setup step, dashboard), one table. */
export const REGISTRATION_STATE_TEXTS: Record<RegistrationState, { heading: string; explanation: string }> = {
  not_started: {
    heading: 'Register your business for texting',
    explanation:
      'US carriers only deliver texts from registered businesses. Until you register, your assistant answers calls as usual but sends no texts to US numbers: no booking confirmations, deposit links or receipts.',
  },
  in_review: {
    heading: 'Texting registration in review',
    explanation:
      'The carriers are reviewing your business. This usually takes a few days; we will e-mail you when it is done. Until then your assistant answers calls but sends no texts to US numbers.',
  },
  otp_required: {
    heading: 'Confirm your mobile number',
    explanation:
      "The carriers' registry texted a verification message to the contact mobile number you entered. Reply YES to it within 24 hours to continue your registration. No text? Ask for it again here.",
  },
  approved: {
    heading: 'Texting is on',
    explanation:
      'The carriers approved your business. Your assistant now texts callers their confirmations, deposit links and receipts.',
  },
  failed: {
    heading: 'Texting registration needs a change',
    explanation:
      'The carriers did not approve your registration. Change what they asked for below and submit it again. Until then your assistant sends no texts to US numbers.',
  },
  resubmitted: {
    heading: 'Texting registration in review again',
    explanation:
      'Thanks for the changes. The carriers are reviewing your business again; we will e-mail you when it is done.',
  },
};
