/**
 * Every vendor webhook the app serves, by exact path: the routes mount themselves here, and the edge reads the
 * same list (infra/lib/edge-firewall.ts exempts exactly these paths from the rules that inspect bodies or count
 * per client address; infra/lib/http-api.ts gives each its own throttle). Each is signed by its vendor over the
 * untouched raw body, so WAF body rules must not see it and a shared vendor address must not be rate limited.
 * No imports: the CDK app reads this module without loading any route.
 */
export const TWILIO_WEBHOOK_PATHS = {
  voice: '/webhooks/twilio/voice',
  voiceStatus: '/webhooks/twilio/voice/status',
  voiceAfter: '/webhooks/twilio/voice/after',
  voiceWhisper: '/webhooks/twilio/voice/whisper',
  voiceDialResult: '/webhooks/twilio/voice/dial-result',
  /** Ring me first: the business phone's leg ended (docs/decisions/173-answer-modes.md). */
  voiceOwnerDialResult: '/webhooks/twilio/voice/owner-dial-result',
  /** A call recording's status: in progress, completed, absent (docs/decisions/184-call-recordings.md). */
  voiceRecording: '/webhooks/twilio/voice/recording',
  sms: '/webhooks/twilio/sms',
  /** A2P 10DLC brand and campaign status events (Event Streams webhook sink, docs/decisions/169). */
  messagingRegistration: '/webhooks/twilio/messaging-registration',
} as const;

/**
 * The query parameter of a number's voice webhook URL that names the number's owner (a user id): Twilio
 * signs the URL with it, and the first ring reads the number's reservation in the same batch as that owner's
 * line instead of before it. Only a hint, checked against the reservation (docs/decisions/186-cold-start.md).
 */
export const LINE_OWNER_PARAM = 'owner';
/** What a user id in LINE_OWNER_PARAM looks like (Cognito's subject, a UUID; anything else is ignored). */
export const LINE_OWNER_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';
/** Stripe Connect's own endpoint (docs/decisions/150). */
export const STRIPE_CONNECT_WEBHOOK_PATH = '/webhooks/stripe-connect';
export const CALENDLY_WEBHOOK_PATH = '/webhooks/calendly';

/** Every signed webhook path (all POST), Twilio's first. */
export const SIGNED_WEBHOOK_PATHS: readonly string[] = [
  ...Object.values(TWILIO_WEBHOOK_PATHS),
  STRIPE_WEBHOOK_PATH,
  STRIPE_CONNECT_WEBHOOK_PATH,
  CALENDLY_WEBHOOK_PATH,
];
