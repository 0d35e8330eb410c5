import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../../entry/app-types';
import { htmlPage } from '../../platform/http/html-page';
import type { LocalOutbox } from './local-outbox';
import type { StoredEmail } from '../../providers/email/port';

export const LOCAL_OUTBOX_PATH = '/local/outbox';

/** The codes in an e-mail, shown large so the person can copy them at a glance. */
const codeIn = (email: StoredEmail) => email.text.match(/\b\d{6}\b/)?.[0];

const LINK = /https?:\/\/[^\s<>"]+/g;

/** The e-mail's text with its web links clickable, as a mail app shows them (the rest stays escaped). */
function withLinks(text: string) {
  const parts: unknown[] = [];
  let from = 0;
  for (const match of text.matchAll(LINK)) {
    parts.push(text.slice(from, match.index));
    parts.push(html`<a href="${match[0]}">${match[0]}</a>`);
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return parts;
}

/** The one-click unsubscribe a mail app offers from List-Unsubscribe + List-Unsubscribe-Post (RFC 8058). */
function oneClickUnsubscribe(email: StoredEmail) {
  const header = (name: string) =>
    email.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
  const target = header('List-Unsubscribe')?.match(/<(https?:[^>]+)>/)?.[1];
  if (!target || header('List-Unsubscribe-Post') !== 'List-Unsubscribe=One-Click') return raw('');
  return html`<form method="post" action="${target}" class="unsubscribe">
    <input type="hidden" name="List-Unsubscribe" value="One-Click" />
    <button type="submit">Unsubscribe (the mail app's one-click button)</button>
  </form>`;
}

const headersOf = (email: StoredEmail) =>
  email.headers?.length
    ? html`<details>
        <summary>Headers</summary>
        <dl data-testid="outbox-headers">
          ${email.headers.map(
            (h) =>
              html`<dt>${h.name}</dt>
                <dd>${h.value}</dd>`,
          )}
        </dl>
      </details>`
    : raw('');

const OUTBOX_STYLES = `
  main { max-width: 760px; margin: 0 auto; }
  .note { color: #5b6475; }
  article { background: #fff; border: 1px solid #dfe3ea; border-radius: 12px; padding: 16px 20px; margin: 12px 0; }
  .meta { color: #5b6475; font-size: 0.85rem; }
  .code { font-size: 1.8rem; font-weight: 700; letter-spacing: 0.2em; color: #4f46e5; margin: 8px 0; }
  pre { white-space: pre-wrap; font-family: inherit; margin: 8px 0 0; }
  pre a { color: #4f46e5; word-break: break-all; }
  details { margin-top: 8px; color: #5b6475; font-size: 0.85rem; }
  dt { font-weight: 600; } dd { margin: 0 0 6px; word-break: break-all; }
  .unsubscribe { margin-top: 8px; }
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
        confirmation codes, invitations, call summaries and digests. This page refreshes itself every 5
        seconds.
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
                  <pre>${withLinks(m.text)}</pre>
                  ${oneClickUnsubscribe(m)} ${headersOf(m)}
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
