import { createGooglePlaces } from './google';
import type { PlacesProvider } from './port';

/** Google Places when its key is set, else the stand-in a local entry point handed in (if any). */
export const choosePlacesProvider = (
  config: { apiKey: string | undefined; baseUrl: string | undefined },
  standIn: PlacesProvider | undefined,
): PlacesProvider | undefined =>
  config.apiKey ? createGooglePlaces({ apiKey: config.apiKey, baseUrl: config.baseUrl }) : standIn;
