import { expect, test, type Locator, type Page } from '@playwright/test';
import { CALENDAR_UI_TEXTS as T } from '../../shared/calendar-model-texts';
import { openDayAhead, openPhone, randomCaller, salonOwner, textAssistant } from './assistant-owner';
import { signUpThroughApi } from './seeded-owner';
import { apiFromPage, appUrl, uniqueEmail } from './support';

test.use({ baseURL: appUrl() });

/** The dashboard's Calendar tab section with this heading. */
const section = (page: Page, title: string) =>
  page.locator('section.calendar-section', { has: page.getByRole('heading', { name: title, exact: true }) });
const dayRow = (scope: Locator, day: string) => scope.getByRole('group', { name: day, exact: true });

/**
 * The Calendar tab (docs/decisions/183, "Editing the model"): an owner adds two stylists and a 90-minute
 * service they both do, edits the hours with a split day and adds a closure with its note; then closing a
 * day a caller has booked shows the booking, and "Cancel these and text the callers" cancels it and texts
 * the caller.
 */
test('the owner edits services, staff, split-day hours and closures; a change over a booking lists it', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { assistantNumber } = await salonOwner(page, 'Calendar Cuts');

  // A caller books by text before the owner changes anything (10 AM, two open days ahead).
  const day = openDayAhead(2);
  const caller = randomCaller();
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, caller);
  await textAssistant(phone, `I want an appointment on ${day} at 10am`);
  await textAssistant(phone, 'yes, this is Casey');
  const thread = phone.getByTestId('phone-thread');
  await expect(thread).toContainText("you're booked");

  await page.goto('/dashboard?tab=calendar');
  await expect(page.getByRole('heading', { name: T.tab, level: 2 })).toBeVisible();

  // Two stylists.
  const staff = section(page, T.staff.title);
  for (const name of ['Jordan', 'Riley']) {
    await staff.getByRole('button', { name: T.staff.add }).click();
    await staff.getByLabel(T.staff.name).fill(name);
    await staff.getByRole('button', { name: T.staff.save }).click();
    await expect(staff.getByTestId('staff-item').filter({ hasText: name })).toBeVisible();
  }

  // A 90-minute service both do, from $150 with 15 minutes kept free after it.
  const services = section(page, T.services.title);
  await services.getByRole('button', { name: T.services.add, exact: true }).click();
  await services.getByLabel(T.services.name).fill('Balayage');
  await services.getByLabel(`${T.services.duration} (min)`).fill('90');
  await services.getByLabel(`${T.services.buffer} (min)`).fill('15');
  await services.getByLabel(T.services.priceKind).selectOption('from');
  await services.getByLabel(T.services.price).fill('150');
  await services.getByRole('checkbox', { name: 'Jordan' }).check();
  await services.getByRole('checkbox', { name: 'Riley' }).check();
  // A price left out is refused on its field, nothing stored.
  await services.getByLabel(T.services.price).fill('');
  await services.getByRole('button', { name: T.services.save }).click();
  await expect(services.locator('.field-error')).toHaveText('Enter a price, or choose “No price”.');
  await expect(services.getByRole('alert').filter({ hasText: T.fixFields })).toBeVisible();
  await services.getByLabel(T.services.price).fill('150');
  await services.getByRole('button', { name: T.services.save }).click();
  await expect(services.getByTestId('service-item')).toHaveText(
    /Balayage.*1 h 30 min · from \$150 · Jordan, Riley/,
  );

  // A split Monday: 9 to 12, then 1 to 5.
  const hours = section(page, T.hours.title);
  const monday = dayRow(hours, 'Monday');
  await monday.getByLabel('Monday Closes 1').selectOption({ label: '12:00 PM' });
  await monday.getByRole('button', { name: `${T.hours.addPeriod}: Monday` }).click();
  await monday.getByLabel('Monday Opens 2').selectOption({ label: '1:00 PM' });
  await monday.getByLabel('Monday Closes 2').selectOption({ label: '5:00 PM' });
  await hours.getByRole('button', { name: T.hours.save }).click();
  await expect(hours.getByRole('status')).toHaveText(T.saved);

  // A closure with what the assistant says.
  const closures = section(page, T.closures.title);
  await closures.getByRole('button', { name: T.closures.add }).click();
  await closures.getByLabel(T.closures.from).fill('2027-11-25');
  await closures.getByLabel(T.closures.note).fill('We’re closed on Thanksgiving');
  await closures.getByRole('button', { name: T.closures.save }).click();
  await expect(closures.getByTestId('closure-item')).toContainText('We’re closed on Thanksgiving');
  await page.getByRole('tabpanel').screenshot({ path: '.local/test-results/calendar-tab.png' });

  // Closing the booked day is refused with the booking listed…
  await dayRow(hours, day).getByRole('checkbox').uncheck();
  await hours.getByRole('button', { name: T.hours.save }).click();
  const affected = hours.getByTestId('affected-appointments');
  await expect(affected).toContainText(T.affected.title);
  await expect(affected.getByRole('listitem')).toHaveCount(1);
  await expect(affected).toContainText('Casey');
  await affected.screenshot({ path: '.local/test-results/calendar-affected.png' });
  // …and the owner's choice cancels it, texts the caller and saves the hours.
  await affected.getByRole('button', { name: T.affected.cancelAll }).click();
  await expect(hours.getByRole('status').first()).toContainText(T.affected.cancelled(1, 1));
  await expect(thread).toContainText('has been cancelled');
  await page.reload();
  await expect(dayRow(section(page, T.hours.title), day).getByRole('checkbox')).not.toBeChecked();
});

/**
 * Setup step 1's hours (docs/decisions/183): filled in from the maps listing, always editable; an edit (a
 * split Friday) is saved as the owner's hours with the step.
 */
test('setup step 1 fills the hours from the listing and saves the owner’s edit', async ({ page }) => {
  const { userId } = await signUpThroughApi(page, { email: uniqueEmail('hours') });
  await page.goto('/setup');
  await page.getByRole('textbox', { name: 'Business name' }).fill('golden gate dental');
  await page.getByRole('textbox', { name: 'City, State (optional)' }).fill('San Francisco, CA');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: /Golden Gate Dental Care/ }).click();

  const hours = page.getByTestId('hours-editor');
  await expect(hours.getByLabel('Monday Opens 1')).toHaveValue('480');
  await expect(hours.getByLabel('Friday Closes 1')).toHaveValue('900');
  await expect(dayRow(hours, 'Saturday').getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByText(T.hours.fromLookup)).toBeVisible();
  const friday = dayRow(hours, 'Friday');
  await friday.getByLabel('Friday Closes 1').selectOption({ label: '12:00 PM' });
  await friday.getByRole('button', { name: `${T.hours.addPeriod}: Friday` }).click();
  await friday.getByLabel('Friday Opens 2').selectOption({ label: '1:00 PM' });
  await friday.getByLabel('Friday Closes 2').selectOption({ label: '3:00 PM' });
  await page.getByRole('button', { name: 'Save & Continue →', exact: true }).click();
  await expect(page.getByTestId('step-label')).toHaveText('Step 2 of 7');

  const { body } = await apiFromPage(page, 'GET', `/oauth/users/${userId}/calendar-settings`);
  expect(body).toMatchObject({ hours_source: 'owner' });
  expect((body.opening_hours as unknown[])[4]).toEqual([
    { start: 480, end: 720 },
    { start: 780, end: 900 },
  ]);
  // Step 2 offers services as an optional section.
  await expect(page.getByTestId('services-editor')).toBeVisible();
});
