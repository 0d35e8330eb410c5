import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../platform/http/app-env';
import { htmlPage } from '../../platform/http/html-page';

export const DEPOSIT_DONE_PATH = '/deposits/done';

const STYLES = `
  main { max-width: 480px; margin: 48px auto; background: #fff; border: 1px solid #dfe3ea; border-radius: 12px; padding: 24px; }
`;

/**
 * Where a caller lands after the deposit checkout (Stripe's success_url / cancel_url). It only thanks them:
 * whether the deposit is paid is decided by the signed webhook, never by a visit to this page.
 */
export const depositPages = () =>
  new Hono<AppEnv>().get(DEPOSIT_DONE_PATH, (c) => {
    const paid = c.req.query('status') === 'paid';
    return c.html(
      htmlPage({
        title: paid ? 'Thank you' : 'Payment cancelled',
        styles: STYLES,
        body: html`<main>
          <h1>${paid ? 'Thank you!' : 'Payment cancelled'}</h1>
          <p>
            ${
              paid
                ? 'Your deposit is being confirmed. You will get a text receipt in a moment.'
                : 'No payment was taken. You can use the link in your text message again to pay later.'
            }
          </p>
        </main>`,
      }),
    );
  });
