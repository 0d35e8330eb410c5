import { expect, test } from '@playwright/test';
import { resolveWhen } from '../../shared/receptionist/date-phrases';
import { openDayAhead, openPhone, randomCaller, salonOwner, textAssistant } from './assistant-owner';
import { appUrl } from './support';

test.use({ baseURL: appUrl() });

const LA = 'America/Los_Angeles';

/**
 * Issue 12 §1: the owner connects the local Google calendar in setup step 7, marks an hour busy on the local
 * calendar page, and the assistant (texted from the local phone) offers only free times, books one, and the
 * booking appears in the calendar.
 */
test('the assistant offers only times free in the connected Google calendar, and its booking appears there', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const { email, assistantNumber } = await salonOwner(page, 'Luma Calendar Salon');

  await page.goto('/setup?step=7');
  await page.getByRole('radio', { name: /Personal calendar/ }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await (await popupOpened).getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('button', { name: '✓ Google Calendar Connected' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('google_calendar-account')).toHaveText(`Connected as ${email.toLowerCase()}`);
  await page.getByTestId('google_calendar-account').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.local/test-results/connected-calendar-step7.png' });

  // The owner's own appointment, entered in their calendar: two days ahead, 11:00–12:00.
  const day = openDayAhead(2);
  const calendarUrl = await page.getByRole('link', { name: 'Open the local calendar' }).getAttribute('href');
  expect(calendarUrl).toContain(`tz=${encodeURIComponent(LA)}`);
  const calendar = await context.newPage();
  await calendar.goto(calendarUrl!);
  const booked = resolveWhen(day, new Date(), LA)!.from;
  const date = `${booked.year}-${String(booked.month).padStart(2, '0')}-${String(booked.day).padStart(2, '0')}`;
  await calendar.getByLabel('Title').fill('Color correction (booked by phone)');
  await calendar.getByLabel('Start').fill(`${date}T11:00`);
  await calendar.getByLabel('Minutes').fill('60');
  await calendar.getByRole('button', { name: 'Add event' }).click();
  await expect(calendar.getByTestId('events')).toContainText(`${date} 11:00`);

  // A caller asks for that hour: it is not offered; 12:00 is, and gets booked.
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, randomCaller());
  await textAssistant(phone, `I want an appointment on ${day} at 11am`);
  const answer = phone.getByTestId('phone-received').last();
  await expect(answer).toContainText('I have');
  // "at 11:00 AM" is how an offered slot reads; the bubble's own timestamp ("11:00 AM" when the test runs at
  // that minute) is not an offer.
  await expect(answer).not.toContainText('at 11:00 AM');
  await expect(answer).toContainText('12:00 PM');
  await textAssistant(phone, `${day} at 12pm please`);
  await expect(phone.getByTestId('phone-received').last()).toContainText('12:00 PM it is');
  await textAssistant(phone, 'Nora');
  await expect(phone.getByTestId('phone-thread')).toContainText("you're booked");

  // The booking is in the owner's Google calendar, next to their own appointment.
  await calendar.reload();
  const events = calendar.getByTestId('events');
  await expect(events).toContainText('Nora');
  await expect(events.getByRole('row').filter({ hasText: 'Nora' })).toContainText(`${date} 12:00`);
  await calendar.screenshot({
    path: '.local/test-results/connected-calendar-local-page.png',
    fullPage: true,
  });
});
