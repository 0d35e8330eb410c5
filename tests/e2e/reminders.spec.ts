import { expect, test, type Page } from '@playwright/test';
import { APPOINTMENTS_TEXTS } from '../../shared/dashboard-appointments';
import { REMINDER_TEXTS } from '../../shared/reminders';
import { openDayAhead, openPhone, randomCaller, salonOwner, textAssistant as text } from './assistant-owner';
import { apiFromPage, apiUrl, appUrl } from './support';

test.use({ baseURL: appUrl() });

/** The local sweep, run as of `at` (the local clock moved forward, docs/decisions/175-reminders.md). */
async function sweepAt(page: Page, at: Date) {
  const response = await page.request.post(
    `${apiUrl()}/local/notifications/run?jobs=sweep&at=${encodeURIComponent(at.toISOString())}`,
  );
  expect(response.status()).toBe(200);
}

/** The start of the owner's appointment booked under this name (the dashboard's own list). */
async function startOf(page: Page, userId: string, name: string): Promise<Date> {
  const list = await apiFromPage(page, 'GET', `/oauth/users/${userId}/appointments`);
  const found = (list.body.appointments as Array<{ customer_name: string; starts_at: string }>).find(
    (a) => a.customer_name === name,
  );
  expect(found, `${name}'s appointment`).toBeTruthy();
  return new Date(found!.starts_at);
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

test('a booking by text is reminded at its local time; CONFIRM shows it confirmed; a second caller moves theirs by CHANGE', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { userId, assistantNumber } = await salonOwner(page, 'Reminder Salon');

  // The owner switches reminders on in the Notifications tab (24 h and 2 h before, quiet 9 PM to 8 AM).
  await page.goto('/dashboard?tab=notifications');
  const section = page.locator('section', { has: page.getByRole('heading', { name: REMINDER_TEXTS.title }) });
  await expect(page.getByTestId('reminder-preview')).toContainText(
    'Reply CONFIRM to confirm, CHANGE to move it or CANCEL APPT to cancel it.',
  );
  await section.getByLabel(REMINDER_TEXTS.noteLabel).fill('Please arrive 10 minutes early.');
  await expect(page.getByTestId('reminder-preview')).toContainText('Please arrive 10 minutes early.');
  await section.getByRole('switch', { name: REMINDER_TEXTS.enabledLabel }).check();
  // A link in the added line is refused with the shared message, then the fixed line saves.
  await section.getByLabel(REMINDER_TEXTS.noteLabel).fill('Book again at www.example.com');
  await section.getByRole('button', { name: REMINDER_TEXTS.save }).click();
  await expect(section.getByText(REMINDER_TEXTS.noteNoLinks)).toBeVisible();
  await section.getByLabel(REMINDER_TEXTS.noteLabel).fill('Please arrive 10 minutes early.');
  await section.getByRole('button', { name: REMINDER_TEXTS.save }).click();
  await expect(section.getByRole('status')).toHaveText(REMINDER_TEXTS.saved);
  await page.screenshot({ path: '.local/test-results/reminder-settings.png', fullPage: true });

  // A caller books by text for 10 AM two days ahead (Los Angeles).
  const day = openDayAhead(2);
  const ana = randomCaller();
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, ana);
  await text(phone, `I want an appointment on ${day} at 10am`);
  await text(phone, 'yes, this is Ana');
  const thread = phone.getByTestId('phone-thread');
  await expect(thread).toContainText("you're booked");
  const anaStart = await startOf(page, userId, 'Ana');

  // The clock moves forward: a minute before 10 AM the day before, nothing; just after, the reminder.
  await sweepAt(page, new Date(anaStart.getTime() - DAY - MINUTE));
  await expect(thread).not.toContainText('reminder of your appointment');
  await sweepAt(page, new Date(anaStart.getTime() - DAY + MINUTE));
  await expect(thread).toContainText(`Reminder Salon: reminder of your appointment on ${day}`, {
    timeout: 15_000,
  });
  await expect(thread).toContainText('at 10:00 AM. Please arrive 10 minutes early. Reply CONFIRM to confirm');
  // Another sweep at the same moment sends nothing more.
  await sweepAt(page, new Date(anaStart.getTime() - DAY + 2 * MINUTE));
  await expect(
    phone.getByTestId('phone-received').filter({ hasText: 'reminder of your appointment' }),
  ).toHaveCount(1);

  await text(phone, 'CONFIRM');
  await expect(thread).toContainText('is confirmed');
  await page.goto('/dashboard?tab=appointments');
  const anaRow = page.getByTestId('appointment-row').filter({ hasText: 'Ana' });
  await expect(anaRow).toContainText(APPOINTMENTS_TEXTS.confirmed);

  // A second caller, at 2 PM the same day, is reminded and moves it by replying CHANGE.
  const ben = randomCaller();
  const benPhone = await context.newPage();
  await openPhone(benPhone, assistantNumber, ben);
  await text(benPhone, `I want an appointment on ${day} at 2pm`);
  await text(benPhone, 'yes, this is Ben');
  const benThread = benPhone.getByTestId('phone-thread');
  await expect(benThread).toContainText("you're booked");
  const benStart = await startOf(page, userId, 'Ben');
  await sweepAt(page, new Date(benStart.getTime() - DAY + MINUTE));
  await expect(benThread).toContainText('reminder of your appointment', { timeout: 15_000 });
  await text(benPhone, 'CHANGE');
  await expect(benThread).toContainText('What day and time would work better');
  await text(benPhone, `${day} at 3pm`);
  await text(benPhone, 'Yes');
  await expect(benThread).toContainText("You're moved to");
  await page.reload();
  const benRow = page.getByTestId('appointment-row').filter({ hasText: 'Ben' });
  await expect(benRow).toContainText('3:00 PM');
  await expect(benRow).not.toContainText(APPOINTMENTS_TEXTS.confirmed);
  await expect(page.getByTestId('appointment-row').filter({ hasText: 'Ana' })).toContainText(
    APPOINTMENTS_TEXTS.confirmed,
  );
});
