import { LOCAL_PLACES } from './local-directory';
import type { PlaceDetails, PlacesProvider } from '../../providers/places/port';

/**
 * Local business lookup over a small built-in directory. Like a text search it matches words, in any order
 * and ignoring case and punctuation; anything outside the directory finds nothing, so the owner takes the
 * manual-entry path exactly as they would for a business the real service does not know.
 */
const IGNORED_WORDS = new Set(['the', 'and', 'of', 'a', 'an', 'inc', 'llc', 'co']);

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 1 && !IGNORED_WORDS.has(word));

/** Every query word must start a word of the name ("bella hair" finds "Bella Vista Hair Studio"). */
const nameMatches = (place: PlaceDetails, query: string) => {
  const nameWords = words(place.name);
  const queryWords = words(query);
  return queryWords.length > 0 && queryWords.every((q) => nameWords.some((n) => n.startsWith(q)));
};

/** An address narrows the search: at least one of its words must appear in the place's address. */
const addressMatches = (place: PlaceDetails, address: string | undefined) => {
  const wanted = words(address ?? '');
  if (wanted.length === 0) return true;
  const placeWords = new Set(words(place.address ?? ''));
  return wanted.some((word) => placeWords.has(word));
};

export function createLocalPlaces(directory: PlaceDetails[] = LOCAL_PLACES): PlacesProvider {
  return {
    name: 'local',
    search: async ({ business_name, address }) =>
      directory
        .filter((place) => nameMatches(place, business_name) && addressMatches(place, address))
        .map((place) => ({ ...place })),
    details: async (placeId) => {
      const place = directory.find((candidate) => candidate.place_id === placeId);
      return place ? { ...place } : undefined;
    },
  };
}
