import { CLIENT_TIMINGS } from '@shared/client-timings';
import { withChunkTimeout } from './chunk-load';
import { loadRuntimeConfig } from './runtime-config';
import { whenPageSettled } from './timing';

export type AmplifySdk = typeof import('./amplify-sdk');

let loading: Promise<AmplifySdk> | undefined;
let loaded: AmplifySdk | undefined;
const onLoad = new Set<(sdk: AmplifySdk) => void>();

const importSdk = withChunkTimeout('amplify-sdk', () => import('./amplify-sdk'));

/**
 * The identity SDK, configured for this deployment, loaded the first time something needs the identity
 * service: signing in, up or out, refreshing a token, reading the owner's attributes. A signed-in visit
 * with an unexpired token paints its screen and sends its reads without it (api-client.ts). A failed load
 * is not kept, so the next call tries again.
 */
export function loadAmplify(): Promise<AmplifySdk> {
  loading ??= Promise.all([importSdk(), loadRuntimeConfig()]).then(
    ([sdk, config]) => {
      sdk.configureAmplify(config);
      loaded = sdk;
      for (const listener of onLoad) listener(sdk);
      onLoad.clear();
      return sdk;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Runs `listener` once the SDK is loaded (at once if it is), without loading it: the SDK's own events
 * (Hub) can only fire after something loaded it. Returns a function that cancels a listener not yet run.
 */
export function whenAmplifyLoaded(listener: (sdk: AmplifySdk) => void): () => void {
  if (loaded) {
    listener(loaded);
    return () => undefined;
  }
  onLoad.add(listener);
  return () => onLoad.delete(listener);
}

/**
 * The SDK for work no screen waits on (refining the signed-in owner's attributes): at once if it is loaded,
 * else loaded once the page has settled, so its download never competes with a screen's first paint and
 * reads (on a phone network those take a few seconds; here, a few hundred milliseconds).
 */
export async function loadAmplifyWhenSettled(): Promise<AmplifySdk> {
  if (loaded) return loaded;
  await whenPageSettled(CLIENT_TIMINGS.sessionRefineDelayMs);
  return loadAmplify();
}
