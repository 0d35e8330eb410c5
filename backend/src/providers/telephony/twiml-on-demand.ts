import type * as MessagingTwiml from './twiml';
import * as voice from './voice-twiml';

/**
 * The messaging TwiML builder, loaded on first use rather than with the telephony function's code
 * (docs/decisions/167-twiml-builders.md): Twilio's TwiML module and its XML builder are 77 KB that a cold
 * start would otherwise read and evaluate before anything else can happen. A Twilio webhook starts the load
 * as it arrives (`preloadTwimlBuilders`, a middleware of the telephony routes); the chunk is read off the
 * main thread and evaluated at the request's first wait on the network, its DynamoDB reads, and the load
 * writes one document so the library's code is compiled by then too. The voice answers no longer use the
 * library (voice-twiml.ts writes the same documents, decision 186 session 40): they are here, with the same
 * async signatures, so their callers did not change.
 */
type Builders = typeof voice & typeof MessagingTwiml;

let loading: Promise<Builders> | undefined;

export function loadTwimlBuilders(): Promise<Builders> {
  loading ??= import('./twiml').then(
    (messaging) => {
      messaging.messagingResponse(['Warming up']);
      return { ...voice, ...messaging };
    },
    (error: unknown) => {
      // Not kept: the next webhook tries again rather than failing for the instance's lifetime.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts the load without waiting for it; a failure surfaces in the webhook that needs the builders. */
export function preloadTwimlBuilders(): void {
  loadTwimlBuilders().catch(() => undefined);
}

type Builder<K extends keyof Builders> = Builders[K] extends (...args: infer A) => string ? A : never;

export const connectRelayTwiml = async (...args: Builder<'connectRelayTwiml'>) =>
  voice.connectRelayTwiml(...args);
export const sayThenDialTwiml = async (...args: Builder<'sayThenDialTwiml'>) =>
  voice.sayThenDialTwiml(...args);
export const dialTwiml = async (...args: Builder<'dialTwiml'>) => voice.dialTwiml(...args);
export const sayThenHangUpTwiml = async (...args: Builder<'sayThenHangUpTwiml'>) =>
  voice.sayThenHangUpTwiml(...args);
export const hangUpTwiml = async () => voice.hangUpTwiml();
export const rejectTwiml = async () => voice.rejectTwiml();
export const transferTwiml = async (...args: Builder<'transferTwiml'>) => voice.transferTwiml(...args);
export const whisperTwiml = async (...args: Builder<'whisperTwiml'>) => voice.whisperTwiml(...args);
export const messagingResponse = async (...args: Builder<'messagingResponse'>) =>
  (await loadTwimlBuilders()).messagingResponse(...args);
