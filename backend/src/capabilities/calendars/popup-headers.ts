import { createMiddleware } from 'hono/factory';

/** The OAuth callback and the local consent pages: the documents shown inside the connect popup. */
const POPUP_PAGE = /^\/(oauth\/[a-z_]+\/callback|local\/oauth\/[a-z_]+\/authorize)$/;

/**
 * Where popupPageHeaders is registered, so the owner API's requests never pass through it (POPUP_PAGE
 * decides). The local consent page is reached through the local stand-ins' prefix: naming its path here
 * would put a stand-in's route into every deployed bundle (tests/integration/deployed-artifact.test.ts).
 */
export const POPUP_PAGE_PATHS = ['/oauth/:service/callback', '/local/*'] as const;

/**
 * Cross-Origin-Opener-Policy 'same-origin' (a security header of every answer, apiAnswerHeaders) would cut
 * the popup off from the app window that opened it, so the callback could never post 'oauth_success' back.
 * Registered before apiAnswerHeaders, this runs after it and relaxes only the popup pages; they also must
 * never be cached.
 */
export const popupPageHeaders = createMiddleware(async (c, next) => {
  await next();
  if (!POPUP_PAGE.test(c.req.path)) return;
  c.res.headers.set('Cross-Origin-Opener-Policy', 'unsafe-none');
  c.res.headers.set('Cache-Control', 'no-store');
});
