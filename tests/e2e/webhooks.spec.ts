import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { WEBHOOK_UI_TEXTS } from '../../shared/webhooks';
import { verifyWebhook } from '../../backend/src/capabilities/webhooks/signing';
import { openDayAhead, openPhone, randomCaller, salonOwner, textAssistant as text } from './assistant-owner';
import { apiUrl, appUrl } from './support';

test.use({ baseURL: appUrl() });

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** The owner's own tool, on this machine: fails the first two requests (500), then answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const status = received.length <= 2 ? 500 : 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'busy');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ringly`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The local sweep as of `at` (the local clock moved forward): due webhook retries go out. */
async function sweepAt(page: Page, at: Date) {
  const response = await page.request.post(
    `${apiUrl()}/local/notifications/run?jobs=sweep&at=${encodeURIComponent(at.toISOString())}`,
  );
  expect(response.status()).toBe(200);
}

/** Standard Webhooks, recomputed here with node:crypto alone. */
const signedWith = (secret: string, request: Received) => {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const content = `${String(request.headers['webhook-id'])}.${String(request.headers['webhook-timestamp'])}.${request.body}`;
  const expected = `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
  return String(request.headers['webhook-signature']).split(' ').includes(expected);
};

test('an endpoint gets a texted booking as a signed appointment.booked; two failures then success show three attempts; replay keeps the webhook-id', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    const { assistantNumber } = await salonOwner(page, 'Webhook Salon');

    // The owner adds an endpoint for bookings on the Integrations tab; the secret is shown once.
    await page.goto('/dashboard?tab=integrations');
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: WEBHOOK_UI_TEXTS.title }),
    });
    await section.getByLabel(WEBHOOK_UI_TEXTS.urlLabel).fill(receiver.url);
    await section.getByRole('checkbox', { name: /conversation\.completed/ }).uncheck();
    await section.getByRole('button', { name: WEBHOOK_UI_TEXTS.add }).click();
    const secretBox = page.getByTestId('webhook-secret');
    await expect(secretBox).toBeVisible();
    const secret = (await secretBox.locator('code').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.screenshot({ path: '.local/test-results/webhooks-secret.png', fullPage: true });
    await secretBox.getByRole('button', { name: WEBHOOK_UI_TEXTS.done }).click();
    await expect(secretBox).toHaveCount(0);
    const endpoint = page.getByTestId('webhook-endpoint');
    await expect(endpoint).toContainText(receiver.url);
    await expect(endpoint).toContainText(WEBHOOK_UI_TEXTS.active);

    // A caller books by text.
    const phone = await context.newPage();
    await openPhone(phone, assistantNumber, randomCaller());
    await text(phone, `I want an appointment on ${openDayAhead(2)} at 10am`);
    await text(phone, 'yes, this is Ana');
    await expect(phone.getByTestId('phone-thread')).toContainText("you're booked");
    const booked = Date.now();

    // The first attempt fails at once; the sweep retries (2 min, then 5 min later); the third gets through.
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    await sweepAt(page, new Date(booked + 2 * 60_000));
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    await sweepAt(page, new Date(booked + 10 * 60_000));
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);

    const [first, , third] = receiver.received;
    const body = JSON.parse(third!.body) as { id: string; type: string; data: Record<string, unknown> };
    expect(body.type).toBe('appointment.booked');
    expect(body.data).toMatchObject({ customer_name: 'Ana', status: 'booked', changed_by: 'assistant' });
    expect(third!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(body.id).toBe(third!.headers['webhook-id']);
    expect(signedWith(secret, third!)).toBe(true);
    const given = {
      id: String(third!.headers['webhook-id']),
      timestamp: String(third!.headers['webhook-timestamp']),
      signature: String(third!.headers['webhook-signature']),
    };
    expect(verifyWebhook(secret, given, third!.body, Number(given.timestamp))).toBe(true);
    expect(
      verifyWebhook(
        `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
        given,
        third!.body,
        Number(given.timestamp),
      ),
    ).toBe(false);

    // The delivery log shows three attempts; Replay delivers the same event again.
    await endpoint.getByRole('button', { name: WEBHOOK_UI_TEXTS.deliveries }).click();
    const row = endpoint.getByTestId('webhook-delivery');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('webhook-attempts')).toHaveText('3');
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('200');
    await page.screenshot({ path: '.local/test-results/webhooks-delivery-log.png', fullPage: true });
    // The tab with an endpoint and its open log passes axe (the accessibility spec checks the empty tab).
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await row.getByRole('button', { name: /Replay/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(4);
    expect(receiver.received[3]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(signedWith(secret, receiver.received[3]!)).toBe(true);
    await expect(endpoint.getByTestId('webhook-delivery')).toHaveCount(2, { timeout: 15_000 });
    await expect(endpoint.getByTestId('webhook-delivery').first()).toContainText('replay');
  } finally {
    await receiver.close();
  }
});
