/**
 * The landing page's sample call (#demo): the transcript shown, and what GET /api/sample-call renders
 * through the speech provider so "Hear a sample call" plays it (issue 15 §6). Plain data, no zod: the
 * landing page shows the transcript, and the response's schema (schemas/sample-call.ts) would add the schema
 * library to its JavaScript.
 */
export type TranscriptEntry =
  { kind: 'line'; speaker: 'assistant' | 'caller'; text: string } | { kind: 'event'; text: string };

/** A sample call: a booking secured with a deposit. */
export const DEMO_BUSINESS = 'Maple Street Salon';

export const DEMO_TRANSCRIPT: readonly TranscriptEntry[] = [
  {
    kind: 'line',
    speaker: 'assistant',
    text: `Thanks for calling ${DEMO_BUSINESS}, this is Ava. How can I help you today?`,
  },
  {
    kind: 'line',
    speaker: 'caller',
    text: "Hi, I'd like to book a haircut and color for this Thursday afternoon if you have anything.",
  },
  { kind: 'event', text: 'Calendar checked: 2 open slots on Thursday' },
  {
    kind: 'line',
    speaker: 'assistant',
    text: 'I have 2:00 PM or 4:30 PM on Thursday with Jordan. Which works better for you?',
  },
  { kind: 'line', speaker: 'caller', text: '4:30 is perfect.' },
  {
    kind: 'line',
    speaker: 'assistant',
    text: "Great. We hold color appointments with a $25 deposit that goes toward your service. I've just texted you a secure payment link. You can pay while we're talking.",
  },
  { kind: 'event', text: 'SMS sent: secure deposit link' },
  { kind: 'line', speaker: 'caller', text: 'Okay… done.' },
  { kind: 'event', text: 'Payment verified: $25.00 deposit' },
  {
    kind: 'line',
    speaker: 'assistant',
    text: "Got it, your deposit came through. You're booked for Thursday at 4:30 PM with Jordan. I've sent the confirmation by text and e-mail. See you then!",
  },
  { kind: 'event', text: 'Confirmation sent by e-mail and SMS' },
];

/** Where the rendered sample call is served (public; rendered once per server instance, then cached). */
export const SAMPLE_CALL_PATH = '/api/sample-call';
