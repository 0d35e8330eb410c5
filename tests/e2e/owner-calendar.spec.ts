import { expect, test } from '@playwright/test';
import { appUrl, completeSetupThroughApi, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

/**
 * Setup step 7 with personal calendars (issue 15 §5): Deny on the consent screen closes the popup and the
 * app says the owner declined; one personal calendar at a time, and switching says what it replaced.
 */
test('Deny says the owner declined; connecting a second calendar replaces the first, and says so', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, { email: uniqueEmail('calendars'), openPlans: false });
  await completeSetupThroughApi(page);
  await page.goto('/setup');
  await expect(page.getByTestId('step-label')).toHaveText(/Step 7 of 7/);
  await page.getByRole('radio', { name: /Personal calendar/ }).click();

  const connectThrough = async (label: string, decision: 'Allow' | 'Deny') => {
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: label }).click();
    const popup = await popupOpened;
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: decision }).click();
    await closed;
  };

  await connectThrough('Connect Google Calendar', 'Deny');
  await expect(page.getByRole('status').filter({ hasText: 'declined' })).toHaveText(
    'You declined access to Google Calendar, so nothing was connected. Connect it whenever you are ready.',
  );
  await expect(page.getByText('Failed to connect')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toBeEnabled();
  await expect(page.getByTestId('calendar-switch-note')).toHaveCount(0);

  await connectThrough('Connect Calendly', 'Allow');
  await expect(page.getByRole('button', { name: '✓ Calendly Connected' })).toBeVisible();
  await expect(page.getByTestId('calendar-switch-note')).toHaveText(
    'One personal calendar at a time: connecting another one replaces Calendly.',
  );

  await connectThrough('Connect Google Calendar', 'Allow');
  await expect(page.getByRole('status').filter({ hasText: 'replaces' })).toHaveText(
    'Google Calendar connected successfully! It replaces Calendly, which is no longer connected.',
  );
  await expect(page.getByRole('button', { name: '✓ Google Calendar Connected' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Calendly' })).toBeVisible();
  await expect(page.getByTestId('calendar-switch-note')).toHaveText(
    'One personal calendar at a time: connecting another one replaces Google Calendar.',
  );
});
