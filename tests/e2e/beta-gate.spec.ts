import { expect, test } from '@playwright/test';
import { appUrl, signUpThroughUi, uniqueEmail } from './support';

test.use({ baseURL: appUrl() });

test('the setup screen shows a non-beta owner the beta prompt with their e-mail; No Thanks signs them out', async ({
  page,
}) => {
  const email = uniqueEmail('setupbeta');
  await signUpThroughUi(page, { email, path: '/signup' });
  await page.goto('/setup');
  const modal = page.getByTestId('beta-modal');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(email);
  await modal.getByRole('button', { name: 'No Thanks' }).click();
  await expect(page).toHaveURL(`${appUrl()}/`);
});

test('a beta tester never sees the beta prompt on the setup screen', async ({ page }) => {
  await signUpThroughUi(page, { email: uniqueEmail('setuptester') });
  await page.goto('/setup');
  await expect(page.getByRole('heading', { name: 'Setup Your Assistant' })).toBeVisible();
  await expect(page.getByTestId('step-label')).toBeVisible();
  await expect(page.getByTestId('beta-modal')).toHaveCount(0);
});
