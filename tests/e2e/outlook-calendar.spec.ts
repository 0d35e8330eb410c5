import { expect, test } from '@playwright/test';
import { APPOINTMENT_REPLY_WORDS } from '../../shared/carrier-keywords';
import { CALENDAR_SERVICE_NAMES } from '../../shared/calendar';
import { resolveWhen } from '../../shared/receptionist/date-phrases';
import { openDayAhead, openPhone, randomCaller, salonOwner, textAssistant } from './assistant-owner';
import { appUrl } from './support';

test.use({ baseURL: appUrl() });

const OUTLOOK = CALENDAR_SERVICE_NAMES.outlook_calendar;
const LA = 'America/Los_Angeles';

/**
 * Issue 40 §3: the owner connects Outlook (Microsoft 365) in setup step 7 through the local Microsoft consent
 * page; a caller texts a booking from the local phone and it appears in the local Graph calendar; the
 * caller cancels in the confirmation's words and the event disappears.
 */
test('an owner connects Outlook; a texted booking appears in the Outlook calendar and disappears on cancel', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const { email, assistantNumber } = await salonOwner(page, 'Birch Outlook Salon');

  await page.goto('/setup?step=7');
  await page.getByRole('radio', { name: /Personal calendar/ }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Connect ${OUTLOOK}` }).click();
  const consent = await popupOpened;
  await expect(consent.getByRole('heading')).toHaveText(`Ringly wants to access your ${OUTLOOK} account`);
  await expect(consent.getByTestId('consent-scopes')).toContainText('Have full access to your calendars');
  await consent.screenshot({ path: '.local/test-results/outlook-calendar-consent.png' });
  await consent.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('button', { name: `✓ ${OUTLOOK} Connected` })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('outlook_calendar-account')).toHaveText(
    `Connected as ${email.toLowerCase()}`,
  );
  await page.getByTestId('outlook_calendar-account').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.local/test-results/outlook-calendar-step7.png' });

  // The owner's Outlook calendar, as the local stand-in of Microsoft Graph keeps it: empty so far.
  const calendarUrl = await page.getByRole('link', { name: 'Open the local calendar' }).getAttribute('href');
  expect(calendarUrl).toContain('/local/calendar/outlook_calendar/');
  const calendar = await context.newPage();
  await calendar.goto(calendarUrl!);
  await expect(calendar.getByText(`${OUTLOOK} · local stand-in`)).toBeVisible();
  await expect(calendar.getByTestId('no-events')).toBeVisible();

  // A caller texts a booking, two open days ahead at 10:00.
  const day = openDayAhead(2);
  const booked = resolveWhen(day, new Date(), LA)!.from;
  const date = `${booked.year}-${String(booked.month).padStart(2, '0')}-${String(booked.day).padStart(2, '0')}`;
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, randomCaller());
  const received = phone.getByTestId('phone-received');
  await textAssistant(phone, `I want an appointment on ${day} at 10am`);
  await expect(received.last()).toContainText('10:00 AM is open. Shall I book it for you?');
  await textAssistant(phone, 'Yes');
  await expect(received.last()).toContainText('What name should I put the booking under?');
  await textAssistant(phone, 'Nora');
  await expect(phone.getByTestId('phone-thread')).toContainText("you're booked");

  // The booking is an event in the Outlook calendar, at the booked time.
  await calendar.reload();
  const row = calendar.getByTestId('events').getByRole('row').filter({ hasText: 'Nora' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${date} 10:00`);
  await calendar.screenshot({ path: '.local/test-results/outlook-calendar-local-page.png', fullPage: true });

  // The caller cancels in the confirmation's words: the event is gone from Outlook.
  await textAssistant(phone, APPOINTMENT_REPLY_WORDS.cancel);
  await expect(received.filter({ hasText: 'Birch Outlook Salon: your appointment on' })).toContainText(
    'is cancelled.',
  );
  await calendar.reload();
  await expect(calendar.getByTestId('no-events')).toBeVisible();
});
