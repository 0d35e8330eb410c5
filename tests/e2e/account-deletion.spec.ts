import { expect, test } from '@playwright/test';
import { ACCOUNT_DELETION_TEXTS } from '../../shared/account-deletion';
import { SESSION_MESSAGES } from '../../shared/session';
import { apiFromPage, apiUrl, appUrl, completeSetupThroughApi, PASSWORD, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

/**
 * Issue 10 §7: an owner who pays and holds a number deletes the account from the Subscription tab; they
 * land on the landing page with a notice, the API refuses their old tokens, and they can no longer sign in.
 */
test('deleting the account signs out, lands on the landing page, and ends the old tokens and the sign-in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('deleteme');
  const { userId } = await signUpThroughApi(page, { email, openPlans: false });
  await completeSetupThroughApi(page);
  const subscribed = await apiFromPage(page, 'GET', '/oauth/subscription/status');
  expect(subscribed.body.status).toBe('trialing');
  // The tokens the browser holds now: after the deletion they must be refused.
  const oldTokens = await page.evaluate(() => {
    const read = (suffix: string) =>
      localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith(suffix)) ?? '') ?? '';
    return { id: read('.idToken'), access: read('.accessToken') };
  });
  expect(oldTokens.id).not.toBe('');

  await page.goto('/dashboard?tab=subscription');
  const zone = page.getByRole('region', { name: ACCOUNT_DELETION_TEXTS.title });
  await expect(zone).toContainText('releases your assistant phone number');
  const button = zone.getByRole('button', { name: ACCOUNT_DELETION_TEXTS.button });
  await expect(button).toBeDisabled();
  const confirm = zone.getByLabel(ACCOUNT_DELETION_TEXTS.confirmLabel);
  await confirm.fill('delete');
  await expect(button).toBeDisabled();
  await confirm.fill('DELETE');
  await expect(button).toBeEnabled();
  await zone.screenshot({ path: '.local/test-results/account-deletion-zone.png' });
  await button.click();

  // '/?account=deleted', or a bare '/' when the sign-out's redirect overtook it: the notice shows either way.
  await expect(page).toHaveURL(/:\d+\/(\?account=deleted)?$/);
  const notice = page.getByRole('status').filter({ hasText: ACCOUNT_DELETION_TEXTS.done });
  await expect(notice).toBeVisible();
  await expect(notice).toBeInViewport();
  await page.screenshot({ path: '.local/test-results/account-deleted-landing.png' });
  // Signed out locally: no tokens left in the browser.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('.idToken')))).toEqual(
    [],
  );

  // The API refuses the old ID and access tokens.
  for (const token of [oldTokens.id, oldTokens.access]) {
    const response = await page.request.get(`${apiUrl()}/oauth/users/${userId}/status`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ message: SESSION_MESSAGES.accountDeleted });
  }

  // Signing in again fails: the user no longer exists.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect username or password.');
  await expect(page).toHaveURL(/\/login$/);
});
