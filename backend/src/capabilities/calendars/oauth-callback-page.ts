import { html, raw } from 'hono/html';
import { CALENDAR_SERVICE_NAMES, OAUTH_MESSAGE_TYPES, type OAuthPopupMessage } from '@shared/calendar';
import { htmlPage } from '../../platform/http/html-page';
import type { CallbackOutcome } from './calendar-oauth-flow';

/** JSON that is safe inside a <script> data block: no '<' can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Where the popup's one script is served: a file, so the page's CSP allows no inline script. */
export const OAUTH_POPUP_SCRIPT_PATH = '/oauth/popup-result.js';
const RESULT_ELEMENT_ID = 'oauth-popup-result';

/**
 * Reads the outcome from the page's JSON data block, tells the opening app window (spec §4 waits for
 * oauth_success) and closes the popup on success or a declined consent (the app says it was declined); on
 * any other failure it stays open so the person can read why.
 */
export const OAUTH_POPUP_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('${RESULT_ELEMENT_ID}').textContent);
  if (window.opener) {
    data.origins.forEach(function (origin) {
      try { window.opener.postMessage(data.message, origin); } catch (e) {}
    });
  }
  if (data.close) window.close();
})();
`;

/** The page the popup lands on; its data travels in a JSON block that the script above reads. */
export function oauthCallbackPage(outcome: CallbackOutcome) {
  const name = CALENDAR_SERVICE_NAMES[outcome.service];
  const message: OAuthPopupMessage = outcome.ok
    ? { type: OAUTH_MESSAGE_TYPES.success, service: outcome.service }
    : {
        type: OAUTH_MESSAGE_TYPES.error,
        service: outcome.service,
        message: outcome.message,
        ...(outcome.declined ? { reason: 'declined' as const } : {}),
      };
  // Success and a declined consent both end here: the app window says what happened, so the popup closes.
  // Other failures keep it open so the person can read why.
  const closes = outcome.ok || outcome.declined === true;
  const data = { message, origins: outcome.appOrigins, close: closes };
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
      <script type="application/json" id="${RESULT_ELEMENT_ID}">
        ${raw(scriptJson(data))}
      </script>
      <script src="${OAUTH_POPUP_SCRIPT_PATH}"></script>`,
  });
}
