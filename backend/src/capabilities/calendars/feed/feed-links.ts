import type { CalendarFeed } from '@shared/schemas/calendar';
import type { CalendarFeedRepository } from '../records/calendar-feeds';
import { feedPath, hashFeedToken, newFeedToken } from '../records/feed-token';

/** Where feed links point: the configured public API address, else the address the request came to. */
export const feedBaseUrl = (publicApiUrl: string | undefined, requestUrl: string) =>
  (publicApiUrl ?? new URL(requestUrl).origin).replace(/\/+$/, '');

/**
 * Issues a new link replacing `expected` (null: none live). The token leaves the server only here, in the
 * answer; the store keeps its hash.
 */
export async function issueFeedLink(
  feeds: CalendarFeedRepository,
  ownerId: string,
  expected: string | null,
  baseUrl: string,
): Promise<{ ok: true; feed: CalendarFeed & { url: string }; tokenHash: string } | { ok: false }> {
  const token = newFeedToken();
  const tokenHash = hashFeedToken(token);
  const result = await feeds.replace(ownerId, expected, tokenHash);
  if (!result.ok) return { ok: false };
  return {
    ok: true,
    tokenHash,
    feed: { active: true, created_at: result.created_at, url: `${baseUrl}${feedPath(token)}` },
  };
}
