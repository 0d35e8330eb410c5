/**
 * Business lookup for setup step 1: find a business by name (and optional address), then read one place's
 * details to pre-fill the config. Real: Google Places text search + details (google.ts); local: a small
 * built-in directory (local.ts) that finds nothing else, so manual entry is the path.
 */
export type PlaceSummary = {
  /** The provider's id for the place; passed back to `details`. */
  place_id: string;
  name: string;
  address?: string;
  website?: string;
  phone?: string;
  /** Opening hours, one line per weekday (Google's weekday_text). */
  hours?: string[];
  rating?: number;
};

export type PlaceDetails = {
  place_id: string;
  name: string;
  address?: string;
  website?: string;
  phone?: string;
  hours?: string[];
  rating?: number;
};

export interface PlacesProvider {
  readonly name: string;
  search(query: { business_name: string; address?: string }): Promise<PlaceSummary[]>;
  /** Undefined when the place does not exist. */
  details(placeId: string): Promise<PlaceDetails | undefined>;
}

/**
 * The places service refused or failed. `status` is what our API answers: 429 when the service's quota is
 * spent, else 502 (a bad server key is our fault, never a reason to tell the owner to sign in again).
 */
export class PlacesError extends Error {
  constructor(
    message: string,
    readonly status: 429 | 502,
  ) {
    super(message);
  }
}
