import { expect, test } from '@playwright/test';
import { apiFromPage, apiUrl, appUrl, completeSetupThroughApi, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

/**
 * Billing states an owner sees (issue 15 §4): the payment-return notice says "trial" during a trial, can be
 * dismissed and goes once the wizard moves on; 'Upgrade' opens the billing portal on the chosen plan.
 */
test('the payment notice names the trial, is dismissible, and is gone after the next step', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { userId } = await signUpThroughApi(page, { email: uniqueEmail('paidnotice') });
  // Steps 1 and 2 done earlier: the wizard opens on step 3, which always saves.
  const create = await apiFromPage(page, 'POST', '/oauth/config/create', {
    business_name: 'Bright Smile Dental',
    phone_number: '+14155550142',
    website: 'https://brightsmile.example.com',
    address: '500 Market St, San Francisco, CA',
  });
  expect(create.status).toBeLessThan(300);
  const described = await apiFromPage(page, 'PUT', `/oauth/users/${userId}/config`, {
    business_description: 'Family dentistry with same-week appointments.',
    assistant_name: 'Ava',
  });
  expect(described.status).toBeLessThan(300);

  await page.getByTestId('terms-modal').getByRole('button', { name: 'Agree' }).click();
  await page
    .getByRole('article', { name: 'Essential monthly' })
    .getByRole('button', { name: /Free Trial/ })
    .click();
  await page.getByRole('button', { name: 'Pay' }).click();
  const notice = page.getByTestId('payment-success');
  await expect(notice).toContainText('Payment successful! Your subscription is now active.');
  await expect(notice).toContainText(/Your 14-day free trial has started and runs until \w+ \d+, \d{4}/);
  await expect(page).toHaveURL(/\/setup$/);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);

  // The same return again: the notice stays while the owner is on this step and goes with the next one.
  await page.goto('/setup?payment=success&plan=price_essential_monthly');
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('step-label')).toHaveText(/Step 3 of 7/);
  await page.getByRole('button', { name: 'Save & Continue →', exact: true }).click();
  await expect(page.getByTestId('step-label')).toHaveText(/Step 4 of 7/);
  await expect(notice).toHaveCount(0);
});

test("'Upgrade' opens the billing portal on confirming the chosen plan, and Confirm changes it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, { email: uniqueEmail('upgrader'), openPlans: false });
  // Essential monthly, through the local checkout.
  await completeSetupThroughApi(page);
  await page.goto('/dashboard?tab=subscription');
  await expect(page.getByTestId('current-plan')).toContainText('Essential');

  await page
    .getByTestId('upgrade-option')
    .filter({ hasText: 'Pro' })
    .filter({ hasText: '$199/month' })
    .getByRole('button', { name: 'Upgrade' })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${apiUrl()}/local/payments/portal/`));
  await expect(page.getByRole('heading', { name: 'Confirm your new plan' })).toBeVisible();
  await expect(page.getByTestId('local-update-from')).toHaveText('Essential — $99/month');
  await expect(page.getByTestId('local-update-to')).toHaveText('Pro — $199/month');
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/dashboard\?tab=subscription$/);
  await expect(page.getByTestId('current-plan')).toContainText('Pro · $199/month');
  await expect(page.getByTestId('subscription-status')).toHaveText('Free Trial');
});
