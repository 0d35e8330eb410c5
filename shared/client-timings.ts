/**
 * Client timings of spec §9 "Timings" and "Session", one place for every screen that waits, polls or
 * debounces. Names say what waits; values are the spec's.
 */
export const CLIENT_TIMINGS = {
  /** Auto sign-in after confirmation gives up after this long ('The account was not confirmed on time.'). */
  autoSignInTimeoutMs: 180_000,
  /** How often the auth state is re-checked while auto sign-in is pending. */
  autoSignInPollMs: 5_000,
  /** Typing pauses this long before a search or an auto-save runs. */
  debounceMs: 300,
  /** A dismissed notice fades for this long before it unmounts. */
  dismissDelayMs: 500,
  /** A dismissed modal's overlay waits this long, so the click that closed it does not reach the page. */
  dismissDelayShortMs: 100,
  /** After sign-in, before the post-sign-in work starts (tokens settle in storage). */
  postLoginDelayMs: 500,
  /** After a confirmed sign-up: before auto sign-in starts, then before leaving for /plans. */
  postConfirmDelayMs: 1_000,
  postConfirmNavigateDelayMs: 500,
  /** A signed-in visitor of /signup, a confirmed sign-up or a checkout error is moved on after this long. */
  forcedNavigationMs: 2_000,
  /** /oauth/callback waits this long before reading the auth state (the hosted sign-in stores tokens). */
  oauthCallbackDelayMs: 1_000,
  /**
   * A stored ID token this close to its expiry is not sent as it is: the identity SDK refreshes it first,
   * so a call does not reach the API just after the token lapsed.
   */
  tokenRefreshMarginMs: 60_000,
  /**
   * A session restored from storage is shown at once from its token; the identity service is asked for the
   * owner's current attributes this long after the page has loaded. No screen waits for that answer, and
   * loading the identity SDK for it costs a phone 40 KB and a long task, so it comes once the visit has
   * settled rather than while the owner starts reading and clicking (bench/README.md, `lighthouse`).
   */
  sessionRefineDelayMs: 30_000,
  /** A lazily loaded page that has not arrived after this long fails with ChunkLoadError. */
  chunkLoadTimeoutMs: 120_000,
} as const;
