import { expect, test } from '@playwright/test';
import { SCHEDULING_LINK_NOTE } from '../../shared/calendar';
import { openDayAhead, openPhone, randomCaller, salonOwner, textAssistant } from './assistant-owner';
import { appUrl } from './support';

test.use({ baseURL: appUrl() });

/**
 * Issue 12 §1, Calendly (no booking API): the owner connects the local Calendly in step 7; a caller who
 * texts to book gets the owner's scheduling link, picks the time there, and Calendly's signed webhook
 * confirms the booking: the caller gets the confirmation text and the owner sees the appointment.
 */
test('with Calendly connected, the assistant texts its scheduling link and the booking made there comes back', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const { assistantNumber } = await salonOwner(page, 'Calendly Cuts');

  await page.goto('/setup?step=7');
  await page.getByRole('radio', { name: /Personal calendar/ }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Calendly' }).click();
  await (await popupOpened).getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('button', { name: '✓ Calendly Connected' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('calendly-scheduling-note')).toHaveText(SCHEDULING_LINK_NOTE);
  await page.getByTestId('calendly-scheduling-note').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.local/test-results/calendly-step7.png' });

  const day = openDayAhead(2);
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, randomCaller());
  await textAssistant(phone, `I want an appointment on ${day} at 10am`);
  await expect(phone.getByTestId('phone-received').last()).toContainText('10:00 AM');
  await textAssistant(phone, 'yes, this is Ana');
  const thread = phone.getByTestId('phone-thread');
  await expect(thread).toContainText("I've texted you a link to our scheduling page");
  const link = phone.getByTestId('phone-received').filter({ hasText: 'confirm it on our scheduling page' });
  await expect(link).toHaveCount(1);
  const body = await link.evaluate((bubble) => bubble.firstChild?.textContent ?? '');
  const url = /(https?:\/\/\S+)/.exec(body)?.[1];
  expect(url).toContain('utm_content=');

  // The caller books on the (local) Calendly page; its webhook confirms the booking.
  const calendly = await context.newPage();
  await calendly.goto(url!);
  await expect(calendly.getByLabel('Your name')).toHaveValue('Ana');
  await calendly.getByRole('button', { name: 'Schedule event' }).click();
  await expect(calendly.getByTestId('calendly-scheduled')).toBeVisible();
  await expect(thread).toContainText("you're booked", { timeout: 15_000 });

  await page.goto('/dashboard?tab=appointments');
  const row = page.getByTestId('appointment-row').filter({ hasText: 'Ana' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('10:00 AM');
});
