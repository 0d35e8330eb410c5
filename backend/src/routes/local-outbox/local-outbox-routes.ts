import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../../app-types';
import { htmlPage } from '../../http/html-page';
import type { LocalOutbox } from '../../providers/email/local';
import type { StoredEmail } from '../../providers/email/index';

export const LOCAL_OUTBOX_PATH = '/local/outbox';

/** The codes in an e-mail, shown large so the person can copy them at a glance. */
const codeIn = (email: StoredEmail) => email.text.match(/\b\d{6}\b/)?.[0];

const OUTBOX_STYLES = `
  main { max-width: 760px; margin: 0 auto; }
  .note { color: #5b6475; }
  article { background: #fff; border: 1px solid #dfe3ea; border-radius: 12px; padding: 16px 20px; margin: 12px 0; }
  .meta { color: #5b6475; font-size: 0.85rem; }
  .code { font-size: 1.8rem; font-weight: 700; letter-spacing: 0.2em; color: #4f46e5; margin: 8px 0; }
  pre { white-space: pre-wrap; font-family: inherit; margin: 8px 0 0; }
`;

const page = (messages: StoredEmail[]) =>
  htmlPage({
    title: 'Local mail outbox',
    styles: OUTBOX_STYLES,
    head: html`<meta http-equiv="refresh" content="5" />`,
    body: html`<main>
      <h1>Local mail outbox</h1>
      <p class="note">
        Every e-mail the product sends while running locally lands here instead of a real inbox: sign-up
        confirmation codes, invitations and receipts. This page refreshes itself every 5 seconds.
      </p>
      ${
        messages.length === 0
          ? html`<p>No e-mails yet. Sign up in the app and the confirmation code appears here.</p>`
          : messages.map(
              (m) =>
                html`<article data-testid="outbox-message">
                  <div class="meta">
                    To <strong data-testid="outbox-to">${m.to}</strong> · ${m.sentAt} · ${m.kind}
                  </div>
                  <h2>${m.subject}</h2>
                  ${codeIn(m) ? html`<div class="code" data-testid="outbox-code">${codeIn(m)}</div>` : raw('')}
                  <pre>${m.text}</pre>
                </article>`,
            )
      }
    </main>`,
  });

/** Mounted only when local providers are on: the person's inbox while running locally. */
export const localOutboxRoutes = (outbox: LocalOutbox) =>
  new Hono<AppEnv>()
    .get(LOCAL_OUTBOX_PATH, async (c) => c.html(page(await outbox.list())))
    .get(`${LOCAL_OUTBOX_PATH}/messages`, async (c) => c.json({ messages: await outbox.list() }));
