import { expect, test } from '@playwright/test';
import { apiFromPage, appUrl, completeSetupThroughApi, outboxMessages, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';
import { CALENDAR_FEED_CONFIRMATIONS } from '../../shared/calendar';
import { openDayAhead, SALON_HOURS } from './assistant-owner';

test.use({ baseURL: appUrl() });

/**
 * Issue 12 §2: the Business Calendar is a private .ics link. The owner shares it, copies it, and any
 * calendar app fetching it sees the booking the assistant made; rotating and revoking kill old links.
 */
test('the owner shares the Business Calendar, copies the link and sees the assistant’s booking in the .ics; rotate and revoke end old links', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl() });
  const { email } = await signUpThroughApi(page, { email: uniqueEmail('feed'), openPlans: false });
  const { userId } = await completeSetupThroughApi(page);
  const hours = await apiFromPage(page, 'PUT', `/oauth/users/${userId}/config`, {
    business_hours: { weekday_text: SALON_HOURS },
    time_zone: 'America/Los_Angeles',
  });
  expect(hours.status).toBe(200);

  // The assistant books through the owner's test chat (the local engine).
  await page.goto('/dashboard');
  const input = page.getByLabel('Message to your assistant');
  await input.fill(`I want an appointment on ${openDayAhead(2)} at 11am`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('test-chat-thread')).toContainText('11:00 AM');
  await input.fill('yes, this is Sam Rivera');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('test-chat-action').filter({ hasText: /Booked .*Sam/ })).toBeVisible();

  // Step 7: no link yet, then Share.
  await page.goto('/setup?step=7');
  const panel = page.getByTestId('calendar-feed');
  await expect(panel.getByTestId('calendar-feed-state')).toContainText('No private link is live');
  await panel.getByRole('button', { name: `Share with ${email}` }).click();
  await expect(panel.getByRole('status').first()).toHaveText(
    'Calendar shared successfully! We e-mailed you a private link: subscribe to it in any calendar app.',
  );
  await expect(panel.getByTestId('calendar-feed-state')).toContainText('Link live');
  const linkField = panel.getByLabel('Private calendar link');
  await expect(linkField).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(panel.getByRole('button', { name: 'Copied!' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await linkField.inputValue());
  await page.screenshot({ path: '.local/test-results/business-calendar-shared.png', fullPage: true });

  // The e-mail carries the same link.
  const mail = (await outboxMessages()).find((m) => m.to === email && m.kind === 'calendar-share');
  expect(mail?.text).toContain(copied);

  // A calendar app fetching the link sees the booking, first name only.
  const feed = await page.request.get(copied);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = (await feed.text()).replace(/\r\n /g, '');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toMatch(/SUMMARY:.* with Sam\r\n/);
  expect(ics).toMatch(/DTSTART:\d{8}T1[89]0000Z\r\n/); // 11:00 in Los Angeles, in UTC
  expect(ics).not.toContain('Rivera');

  // After a reload the link can't be shown again, only rotated or revoked.
  await page.reload();
  await expect(panel.getByTestId('calendar-feed-state')).toContainText('Link live');
  await expect(panel.getByLabel('Private calendar link')).toHaveCount(0);
  await expect(panel).toContainText('shown only when it is created');

  // Rotate asks first (subscribed calendars stop updating); Cancel changes nothing.
  await panel.getByRole('button', { name: 'Rotate link' }).click();
  const rotateDialog = page.getByRole('dialog', { name: CALENDAR_FEED_CONFIRMATIONS.rotate.title });
  await expect(rotateDialog).toContainText('stops working at once');
  await rotateDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rotateDialog).toHaveCount(0);
  expect((await page.request.get(copied)).status()).toBe(200);

  // Rotate, confirmed: a new link; the old one answers 404.
  await panel.getByRole('button', { name: 'Rotate link' }).click();
  await rotateDialog.getByRole('button', { name: CALENDAR_FEED_CONFIRMATIONS.rotate.confirm }).click();
  await expect(panel.getByRole('status').first()).toContainText('New link ready');
  const rotated = await panel.getByLabel('Private calendar link').inputValue();
  expect(rotated).not.toBe(copied);
  expect((await page.request.get(copied)).status()).toBe(404);
  expect((await page.request.get(rotated)).status()).toBe(200);

  // Revoke: the link answers 404 and Share is offered again.
  await panel.getByRole('button', { name: 'Revoke link' }).click();
  const revokeDialog = page.getByRole('dialog', { name: CALENDAR_FEED_CONFIRMATIONS.revoke.title });
  await revokeDialog.getByRole('button', { name: CALENDAR_FEED_CONFIRMATIONS.revoke.confirm }).click();
  await expect(panel.getByRole('status').first()).toContainText('Link revoked');
  expect((await page.request.get(rotated)).status()).toBe(404);
  await expect(panel.getByRole('button', { name: `Share with ${email}` })).toBeVisible();
  await page.screenshot({ path: '.local/test-results/business-calendar-revoked.png', fullPage: true });
});
