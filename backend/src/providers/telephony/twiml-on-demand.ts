import type * as MessagingTwiml from './twiml';
import type * as VoiceTwiml from './voice-twiml';

/**
 * The TwiML builders, loaded on first use rather than with the telephony function's code
 * (docs/decisions/167-twiml-builders.md): Twilio's TwiML module and its XML builder are 77 KB that a cold
 * start would otherwise read and evaluate before anything else can happen. A Twilio webhook starts the load
 * as it arrives (`preloadTwimlBuilders`, a middleware of the telephony routes); the chunks are read off the
 * main thread and evaluated at the request's first wait on the network, its DynamoDB reads, and the load
 * writes one document of each kind so the library's code is compiled by then too. The TwiML comes after
 * those reads and finds the builders ready.
 */
type Builders = typeof VoiceTwiml & typeof MessagingTwiml;

let loading: Promise<Builders> | undefined;

export function loadTwimlBuilders(): Promise<Builders> {
  loading ??= Promise.all([import('./voice-twiml'), import('./twiml')]).then(
    ([voice, messaging]) => {
      voice.connectRelayTwiml({
        relayUrl: 'wss://warm.invalid/relay',
        actionUrl: 'https://warm.invalid/after?a=1&b=2',
        welcomeGreeting: 'Warming "up" & <ready>',
        language: 'en-US',
        parameters: { conversationId: 'warm' },
      });
      voice.transferTwiml({
        to: '+10000000000',
        whisperUrl: 'https://warm.invalid',
        actionUrl: 'https://warm.invalid',
        timeoutSeconds: 1,
      });
      voice.sayThenDialTwiml('Warming up', undefined);
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
  (await loadTwimlBuilders()).connectRelayTwiml(...args);
export const sayThenDialTwiml = async (...args: Builder<'sayThenDialTwiml'>) =>
  (await loadTwimlBuilders()).sayThenDialTwiml(...args);
export const dialTwiml = async (...args: Builder<'dialTwiml'>) =>
  (await loadTwimlBuilders()).dialTwiml(...args);
export const sayThenHangUpTwiml = async (...args: Builder<'sayThenHangUpTwiml'>) =>
  (await loadTwimlBuilders()).sayThenHangUpTwiml(...args);
export const hangUpTwiml = async () => (await loadTwimlBuilders()).hangUpTwiml();
export const rejectTwiml = async () => (await loadTwimlBuilders()).rejectTwiml();
export const transferTwiml = async (...args: Builder<'transferTwiml'>) =>
  (await loadTwimlBuilders()).transferTwiml(...args);
export const whisperTwiml = async (...args: Builder<'whisperTwiml'>) =>
  (await loadTwimlBuilders()).whisperTwiml(...args);
export const messagingResponse = async (...args: Builder<'messagingResponse'>) =>
  (await loadTwimlBuilders()).messagingResponse(...args);
