import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';

/** The local outbox page: the inbox of a person running the product locally. */
describe('the local outbox page', async () => {
  const { app, deps } = await createTestApp();
  /** The page's <article> for the message sent to this address. */
  const articleFor = async (to: string) => {
    const page = await (await app.request('/local/outbox')).text();
    const at = page.indexOf(to);
    expect(at).toBeGreaterThan(0);
    return page.slice(page.lastIndexOf('<article', at), page.indexOf('</article>', at));
  };

  it('shows links as links, the headers, and the one-click unsubscribe a mail app would offer', async () => {
    const to = `outbox-${Date.now()}@example.com`;
    const unsubscribe = 'http://localhost:3001/notifications/unsubscribe?token=abc.def';
    await deps.providers.email.send({
      to,
      subject: 'Call summary',
      kind: 'conversation-summary',
      text: `Open it: http://localhost:5173/dashboard?tab=calls&conversation=c1 <script>alert(1)</script>\nStop: ${unsubscribe}`,
      headers: [
        { name: 'List-Unsubscribe', value: `<${unsubscribe}>` },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ],
    });
    const article = await articleFor(to);
    expect(article).toContain(
      '<a href="http://localhost:5173/dashboard?tab=calls&amp;conversation=c1">http://localhost:5173/dashboard?tab=calls&amp;conversation=c1</a>',
    );
    // Everything else stays text.
    expect(article).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(article).not.toContain('<script>alert');
    expect(article).toMatch(
      /<dt>List-Unsubscribe<\/dt>\s*<dd>&lt;http:\/\/localhost:3001\/notifications\/unsubscribe/,
    );
    expect(article).toMatch(
      /<form method="post" action="http:\/\/localhost:3001\/notifications\/unsubscribe\?token=abc\.def" class="unsubscribe">/,
    );
    expect(article).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click" />');
  });

  it('offers no one-click button for a message without the RFC 8058 headers', async () => {
    const to = `plain-${Date.now()}@example.com`;
    await deps.providers.email.send({ to, subject: 'Your code', kind: 'code', text: 'Your code is 123456' });
    const article = await articleFor(to);
    expect(article).toContain('123456');
    expect(article).not.toContain('<form');
    expect(article).not.toContain('Headers');
  });
});
