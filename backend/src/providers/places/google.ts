import { PlacesError, type PlaceDetails, type PlacesProvider } from './port';

/**
 * Google Places API (New): Text Search (POST /v1/places:searchText) and Place Details
 * (GET /v1/places/{id}), over fetch. The field mask asks only for what the wizard shows, which also keeps
 * the request in the cheaper billing tiers. The base URL is configurable so tests run it against a fake.
 */
export const GOOGLE_PLACES_BASE_URL = 'https://places.googleapis.com';

const FIELDS = [
  'id',
  'displayName',
  'formattedAddress',
  'websiteUri',
  'internationalPhoneNumber',
  'nationalPhoneNumber',
  'regularOpeningHours.weekdayDescriptions',
  'rating',
];
const MAX_RESULTS = 5;

type GooglePlace = {
  id?: string;
  displayName?: { text?: string };
  formattedAddress?: string;
  websiteUri?: string;
  internationalPhoneNumber?: string;
  nationalPhoneNumber?: string;
  regularOpeningHours?: { weekdayDescriptions?: string[] };
  rating?: number;
};

export function toPlaceDetails(place: GooglePlace): PlaceDetails | undefined {
  if (!place.id || !place.displayName?.text) return undefined;
  return {
    place_id: place.id,
    name: place.displayName.text,
    address: place.formattedAddress,
    website: place.websiteUri,
    phone: place.internationalPhoneNumber ?? place.nationalPhoneNumber,
    hours: place.regularOpeningHours?.weekdayDescriptions,
    rating: place.rating,
  };
}

export function createGooglePlaces(options: {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
}): PlacesProvider {
  const baseUrl = (options.baseUrl ?? GOOGLE_PLACES_BASE_URL).replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;

  async function call(path: string, init: { method: string; body?: unknown; fieldMask: string }) {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method: init.method,
        headers: {
          'Content-Type': 'application/json',
          'X-Goog-Api-Key': options.apiKey,
          'X-Goog-FieldMask': init.fieldMask,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new PlacesError(`Google Places unreachable: ${(error as Error).message}`, 502);
    }
    return response;
  }

  async function failure(response: Response): Promise<never> {
    const body = (await response.json().catch(() => ({}))) as {
      error?: { status?: string; message?: string };
    };
    const reason = `${response.status} ${body.error?.status ?? ''} ${body.error?.message ?? ''}`.trim();
    throw new PlacesError(
      `Google Places refused the request: ${reason}`,
      response.status === 429 ? 429 : 502,
    );
  }

  return {
    name: 'google',
    async search({ business_name, address }) {
      const response = await call('/v1/places:searchText', {
        method: 'POST',
        body: { textQuery: [business_name, address].filter(Boolean).join(', '), pageSize: MAX_RESULTS },
        fieldMask: FIELDS.map((field) => `places.${field}`).join(','),
      });
      if (!response.ok) return failure(response);
      const body = (await response.json()) as { places?: GooglePlace[] };
      return (body.places ?? []).map(toPlaceDetails).filter((p): p is PlaceDetails => Boolean(p));
    },
    async details(placeId) {
      const response = await call(`/v1/places/${encodeURIComponent(placeId)}`, {
        method: 'GET',
        fieldMask: FIELDS.join(','),
      });
      if (response.status === 404) return undefined;
      if (!response.ok) return failure(response);
      return toPlaceDetails((await response.json()) as GooglePlace);
    },
  };
}
