import { TWILIO_WEBHOOK_PATHS } from '../../platform/http/webhook-paths';

/**
 * A call's webhooks: the incoming call a caller waits on, and the callbacks of the same call (status, the
 * relay's end, transfers, the recording). Every one is under this prefix, so the telephony function can
 * tell them from its other routes before it loads any routes (docs/decisions/186-cold-start.md). Apart
 * from call-routes.ts, which imports the routes themselves.
 */
export const CALL_WEBHOOK_PREFIX = TWILIO_WEBHOOK_PATHS.voice;

export function isCallWebhookPath(path: string): boolean {
  return path === CALL_WEBHOOK_PREFIX || path.startsWith(`${CALL_WEBHOOK_PREFIX}/`);
}
