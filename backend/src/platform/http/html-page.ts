import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** Look shared by every server-rendered page; each page adds its own rules after it. */
const BASE_STYLES = `
  body { font-family: system-ui, sans-serif; background: #f7f8fb; color: #14171f; margin: 0; padding: 24px; }
`;

/**
 * The document around the few pages the API renders itself: the local providers' pages (outbox, checkout,
 * billing, consent) and the OAuth popup's result. `styles` is the page's own CSS, a constant of the page.
 */
export const htmlPage = ({
  title,
  styles = '',
  head,
  body,
}: {
  title: string;
  styles?: string;
  head?: Html;
  body: Html;
}) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <!-- No icon: otherwise the browser asks the API for /favicon.ico, a 404 (and, deployed, a Lambda call). -->
        <link rel="icon" href="data:," />
        ${head ?? ''}
        <title>${title}</title>
        <style>
          ${raw(BASE_STYLES + styles)}
        </style>
      </head>
      <body>
        ${body}
      </body>
    </html>`;
