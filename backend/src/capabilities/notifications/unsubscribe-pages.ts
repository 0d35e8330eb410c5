import { Hono } from 'hono';
import { html } from 'hono/html';
import { UNSUBSCRIBE_TEXTS, type NotificationEmailKind } from '@shared/notifications';
import type { NotificationsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { htmlPage } from '../../platform/http/html-page';

export const UNSUBSCRIBE_PATH = '/notifications/unsubscribe';

const STYLES = `
  main { max-width: 480px; margin: 48px auto; background: #fff; border: 1px solid #dfe3ea; border-radius: 12px; padding: 24px; }
  button { background: #4f46e5; color: #fff; border: 0; border-radius: 8px; padding: 10px 18px; font-size: 1rem; cursor: pointer; }
`;

const FIELD: Record<NotificationEmailKind, 'summary_email' | 'daily_digest'> = {
  summary: 'summary_email',
  digest: 'daily_digest',
};

const invalidPage = () =>
  htmlPage({
    title: UNSUBSCRIBE_TEXTS.invalidTitle,
    styles: STYLES,
    body: html`<main>
      <h1>${UNSUBSCRIBE_TEXTS.invalidTitle}</h1>
      <p>${UNSUBSCRIBE_TEXTS.invalid}</p>
    </main>`,
  });

/**
 * The link at the foot of every notification e-mail (issue 13 §2). No sign-in: the signed token names the
 * owner and the kind, and nothing else can be turned off with it. GET only asks (mail scanners open links);
 * POST turns the kind off, from the page's button or from the mail client's one-click (RFC 8058, the body
 * `List-Unsubscribe=One-Click`). Both answer with a page; a bad token gets 400 and changes nothing.
 */
export const unsubscribePages = ({
  data,
  notifier,
  now,
}: Pick<NotificationsDeps, 'data' | 'notifier' | 'now'>) => {
  const subjectOf = (token: string | undefined) =>
    token && token.length <= 400 ? notifier.tokens?.verify(token) : undefined;

  return new Hono<AppEnv>()
    .get(UNSUBSCRIBE_PATH, (c) => {
      const token = c.req.query('token');
      const subject = subjectOf(token);
      if (!subject) return c.html(invalidPage(), 400);
      return c.html(
        htmlPage({
          title: UNSUBSCRIBE_TEXTS.confirmTitle,
          styles: STYLES,
          body: html`<main>
            <h1>${UNSUBSCRIBE_TEXTS.confirmQuestion(subject.kind)}</h1>
            <form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token!)}">
              <button type="submit">${UNSUBSCRIBE_TEXTS.confirmButton}</button>
            </form>
          </main>`,
        }),
      );
    })
    .post(UNSUBSCRIBE_PATH, async (c) => {
      const subject = subjectOf(c.req.query('token'));
      if (!subject) return c.html(invalidPage(), 400);
      const field = FIELD[subject.kind];
      if (!(await data.notifications.turnOff(subject.ownerId, field, now()))) {
        // Never saved: store the defaults with this kind off.
        const config = await data.businessConfigs.getConfig(subject.ownerId);
        const prefs = await notifier.preferencesOf(subject.ownerId, config);
        await data.notifications.savePreferences(subject.ownerId, { ...prefs, [field]: false }, now());
      }
      return c.html(
        htmlPage({
          title: UNSUBSCRIBE_TEXTS.doneTitle,
          styles: STYLES,
          body: html`<main>
            <h1>${UNSUBSCRIBE_TEXTS.doneTitle}</h1>
            <p data-testid="unsubscribed">${UNSUBSCRIBE_TEXTS.done(subject.kind)}</p>
          </main>`,
        }),
        200,
      );
    });
};
