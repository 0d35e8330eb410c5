import { html, raw } from 'hono/html';
import { CALENDAR_SERVICE_NAMES, OAUTH_MESSAGE_TYPES, type OAuthPopupMessage } from '@shared/calendar';
import { htmlPage } from '../../http/html-page';
import type { CallbackOutcome } from './calendar-oauth-flow';

/** JSON that is safe inside an inline <script>: no '<' can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page the popup lands on: it tells the opening app window the outcome (spec §4 waits for
 * oauth_success) and closes itself on success; on failure it stays open so the person can read why.
 */
export function oauthCallbackPage(outcome: CallbackOutcome) {
  const name = CALENDAR_SERVICE_NAMES[outcome.service];
  const message: OAuthPopupMessage = outcome.ok
    ? { type: OAUTH_MESSAGE_TYPES.success, service: outcome.service }
    : { type: OAUTH_MESSAGE_TYPES.error, service: outcome.service, message: outcome.message };
  const script = `(function () {
  var message = ${scriptJson(message)};
  var origins = ${scriptJson(outcome.appOrigins)};
  if (window.opener) {
    origins.forEach(function (origin) {
      try { window.opener.postMessage(message, origin); } catch (e) {}
    });
  }
  ${outcome.ok ? 'window.close();' : ''}
})();`;
  return htmlPage({
    title: outcome.ok ? `${name} connected` : `${name} not connected`,
    styles: 'h1 { font-size: 1.25rem; }',
    body: html`${
        outcome.ok
          ? html`<h1 data-testid="oauth-result">${name} connected</h1>
              <p>You can close this window and continue setting up your assistant.</p>`
          : html`<h1 data-testid="oauth-result">${name} was not connected</h1>
              <p data-testid="oauth-error">${outcome.message}</p>`
      }
      <script>
        ${raw(script)};
      </script>`,
  });
}
