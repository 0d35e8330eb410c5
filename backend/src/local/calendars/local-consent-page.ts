import { html } from 'hono/html';
import { BRAND } from '@shared/brand';
import { CALENDAR_SERVICE_NAMES, type CalendarService } from '@shared/calendar';
import { htmlPage } from '../../platform/http/html-page';

const CONSENT_STYLES = `
  main { max-width: 420px; margin: 0 auto; background: #fff; border: 1px solid #dfe3ea; border-radius: 12px; padding: 24px; }
  .vendor { color: #5b6475; font-size: 0.9rem; margin: 0 0 8px; }
  h1 { font-size: 1.25rem; margin: 0 0 16px; }
  ul { padding-left: 20px; }
  li { margin: 6px 0; }
  code { font-size: 0.8rem; color: #5b6475; }
  .note { color: #5b6475; font-size: 0.85rem; }
  .actions { display: flex; gap: 12px; justify-content: flex-end; margin-top: 20px; }
  button { font: inherit; padding: 10px 20px; border-radius: 8px; border: 1px solid #c5cbd6; background: #fff; cursor: pointer; }
  button[value='allow'] { background: #4f46e5; border-color: #4f46e5; color: #fff; }
`;

/** The consent screen of a local calendar vendor, shaped like the real ones: who asks, for what, Allow / Deny. */
export const consentPage = (
  service: CalendarService,
  scopes: ReadonlyArray<{ scope: string; description: string }>,
  hiddenFields: Record<string, string>,
) => {
  const vendor = CALENDAR_SERVICE_NAMES[service];
  return htmlPage({
    title: `Sign in with ${vendor} (local)`,
    styles: CONSENT_STYLES,
    body: html`<main>
      <p class="vendor">${vendor} · local stand-in</p>
      <h1>${BRAND.name} wants to access your ${vendor} account</h1>
      <p>This will allow ${BRAND.name} to:</p>
      <ul data-testid="consent-scopes">
        ${scopes.map((s) => html`<li>${s.description} <code>${s.scope}</code></li>`)}
      </ul>
      <p class="note">
        This page stands in for the consent screen of ${vendor} while the product runs locally. It runs the
        same authorization-code flow with PKCE; nothing leaves this machine.
      </p>
      <form method="post">
        ${Object.entries(hiddenFields).map(
          ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
        )}
        <div class="actions">
          <button type="submit" name="decision" value="deny">Deny</button>
          <button type="submit" name="decision" value="allow">Allow</button>
        </div>
      </form>
    </main>`,
  });
};

/** Shown instead of redirecting when the client or redirect URI is wrong (RFC 6749 §4.1.2.1). */
export const consentErrorPage = (message: string) =>
  htmlPage({
    title: 'Authorization error',
    body: html`<h1>Authorization error</h1>
      <p data-testid="consent-error">${message}</p>`,
  });
