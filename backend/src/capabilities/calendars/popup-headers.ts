import { createMiddleware } from 'hono/factory';
import { answerHeadersOf } from '../../platform/http/answer-headers';

/** The OAuth callback and the local consent pages: the documents shown inside the connect popup. */
const POPUP_PAGE = /^\/(oauth\/[a-z_]+\/callback|local\/oauth\/[a-z_]+\/authorize)$/;

/**
 * Where popupPageHeaders is registered, so the owner API's requests never pass through it (POPUP_PAGE
 * decides). The local consent page is reached through the local stand-ins' prefix: naming its path here
 * would put a stand-in's route into every deployed bundle (tests/integration/deployed-artifact.test.ts).
 */
export const POPUP_PAGE_PATHS = ['/oauth/:service/callback', '/local/*'] as const;

const POPUP_HEADERS = { 'Cross-Origin-Opener-Policy': 'unsafe-none', 'Cache-Control': 'no-store' };

/**
 * Cross-Origin-Opener-Policy 'same-origin' (a security header of every answer, withAnswerHeaders) would
 * cut the popup off from the app window that opened it, so the callback could never post 'oauth_success'
 * back. This relaxes it for the popup pages only, in the headers withAnswerHeaders writes after the route
 * (or on the answer, in an app without it); they also must never be cached.
 */
export const popupPageHeaders = createMiddleware(async (c, next) => {
  const popup = POPUP_PAGE.test(c.req.path);
  const answerHeaders = answerHeadersOf(c);
  if (popup && answerHeaders) Object.assign(answerHeaders, POPUP_HEADERS);
  await next();
  if (popup && !answerHeaders)
    for (const [name, value] of Object.entries(POPUP_HEADERS)) c.res.headers.set(name, value);
});
