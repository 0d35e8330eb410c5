import type { TelephonyProvider } from './port';

/** Twilio when its keys are configured, else the stand-in a local entry point handed in (if any). */
export function chooseTelephonyProvider(
  config: { accountSid: string | undefined; authToken: string | undefined; apiBase: string | undefined },
  standIn: TelephonyProvider | undefined,
): TelephonyProvider | undefined {
  if (config.accountSid && config.authToken) {
    return lazyTwilioTelephony({
      accountSid: config.accountSid,
      authToken: config.authToken,
      ...(config.apiBase ? { apiBase: config.apiBase } : {}),
    });
  }
  return standIn;
}

/**
 * The Twilio adapter, its SDK (3 MB minified, most of a Lambda bundle) loaded on the first call rather than
 * at start-up: in Lambda the dynamic import is its own chunk, so only a request that texts or buys a
 * number pays for it, once per instance. A failed load is retried on the next call.
 */
function lazyTwilioTelephony(options: { accountSid: string; authToken: string; apiBase?: string }) {
  let adapter: Promise<TelephonyProvider> | undefined;
  const load = () =>
    (adapter ??= import('./twilio').then(
      (twilio) => twilio.createTwilioTelephony(options),
      (error: unknown) => {
        adapter = undefined;
        throw error;
      },
    ));
  const provider: TelephonyProvider = {
    name: 'twilio',
    searchAvailable: async (search) => (await load()).searchAvailable(search),
    purchase: async (request) => (await load()).purchase(request),
    release: async (sid) => (await load()).release(sid),
    listNumbers: async () => (await load()).listNumbers(),
    pointWebhooks: async (sid, webhooks) => (await load()).pointWebhooks(sid, webhooks),
    sendSms: async (message) => (await load()).sendSms(message),
  };
  return provider;
}
