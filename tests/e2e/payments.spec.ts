import { expect, test } from '@playwright/test';
import { apiUrl, appUrl, completeSetupThroughApi, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

test('an owner agrees to the terms, pays on the local checkout, is on a free trial, and cancels in billing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, { email: uniqueEmail('payer'), path: '/signup?betatester=smb' });

  const terms = page.getByTestId('terms-modal');
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'Agree' }).click();
  await expect(terms).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('ringly.termsAccepted'))).toBe('true');

  // One billing period at a time (issue 15 §4): three monthly cards, then the three yearly ones.
  const cards = page.getByTestId('plan-card');
  await expect(page.getByRole('radio', { name: 'Monthly' })).toHaveAttribute('aria-checked', 'true');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(1)).toContainText('Most Popular');
  await expect(cards.nth(1)).toContainText('Pro');
  await expect(page.getByText('Most Popular')).toHaveCount(1);
  await expect(cards.nth(0).getByTestId('plan-price')).toHaveText('$99/month');
  await page.getByRole('radio', { name: /Yearly/ }).click();
  await expect(page.getByRole('radio', { name: /Yearly/ })).toContainText('Save 17%');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0).getByTestId('plan-price')).toHaveText('$990/year');
  await expect(cards.nth(0)).toContainText('$83/month');
  await expect(cards.nth(1)).toContainText('Most Popular');
  await page.getByRole('radio', { name: 'Monthly' }).click();

  // A waitlist plan opens the coming-soon modal, which closes itself.
  await page
    .getByRole('article', { name: 'Enterprise monthly' })
    .getByRole('button', { name: 'Join Waitlist' })
    .click();
  await expect(page.getByTestId('coming-soon-modal')).toBeVisible();
  await expect(page.getByTestId('coming-soon-modal')).toHaveCount(0, { timeout: 5_000 });

  // Cancel on the checkout page comes back with the notice.
  await page
    .getByRole('article', { name: 'Pro monthly' })
    .getByRole('button', { name: /Free Trial/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${apiUrl()}/local/payments/checkout/`));
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/plans\?payment=cancelled$/);
  await expect(page.getByTestId('payment-cancelled')).toBeVisible();

  await page
    .getByRole('article', { name: 'Pro monthly' })
    .getByRole('button', { name: /Free Trial/ })
    .click();
  await expect(page.getByTestId('checkout-plan')).toHaveText('Pro');
  await expect(page.getByTestId('checkout-price')).toContainText('$199');
  await expect(page.getByTestId('checkout-trial')).toContainText('14-day free trial');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page.getByText('Payment successful! Your subscription is now active.')).toBeVisible();
  await expect(page).toHaveURL(/\/setup$/);

  // The dashboard is for owners whose setup is complete (spec §4 "Dashboard guard").
  await completeSetupThroughApi(page);
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Bright Smile Dental!' })).toBeVisible();
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Free Trial');
  await expect(page.getByText('(14-day trial)')).toBeVisible();
  await expect(page.getByTestId('current-plan')).toContainText('Pro');
  await expect(page.getByTestId('upgrade-option')).toHaveCount(2);

  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(new RegExp(`^${apiUrl()}/local/payments/portal/`));
  await expect(page.getByTestId('local-subscription-status')).toHaveText('trialing');
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByTestId('local-subscription-status')).toHaveText('canceled');
  await page.getByRole('link', { name: 'Return to Ringly' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=subscription$/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Inactive');

  // The trial was had: /plans offers the plans again, but no second free trial (issue 10 §2).
  await page.goto('/plans');
  const pro = page.getByRole('article', { name: 'Pro monthly' });
  await expect(pro.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Free Trial/ })).toHaveCount(0);
});

test('the local billing portal advances the clock: trial end makes the owner Active, a failed payment Inactive', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, { email: uniqueEmail('clock'), path: '/signup?betatester=smb' });
  await page.getByTestId('terms-modal').getByRole('button', { name: 'Agree' }).click();
  await page.getByRole('radio', { name: /Yearly/ }).click();
  await page
    .getByRole('article', { name: 'Essential yearly' })
    .getByRole('button', { name: /Free Trial/ })
    .click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByTestId('payment-success')).toBeVisible();

  await completeSetupThroughApi(page);
  await page.goto('/dashboard?tab=subscription');
  await expect(page.getByTestId('subscription-status')).toHaveText('Free Trial');
  await expect(page.getByText('(14-day trial for annual plan)')).toBeVisible();
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.getByRole('button', { name: 'End trial now (payment succeeds)' }).click();
  await expect(page.getByTestId('local-subscription-status')).toHaveText('active');
  await page.getByRole('link', { name: 'Return to Ringly' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');

  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.getByRole('button', { name: 'Fail the next payment' }).click();
  await expect(page.getByTestId('local-subscription-status')).toHaveText('past_due');
  await page.getByRole('link', { name: 'Return to Ringly' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Inactive');
});

test('an owner who is not a beta tester sees the beta waitlist, joins it and is signed out after 3 s', async ({
  page,
}) => {
  const email = uniqueEmail('notbeta');
  await signUpThroughApi(page, { email, path: '/signup' });
  const modal = page.getByTestId('beta-modal');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(email);
  const joined = page.waitForResponse((r) => r.url().endsWith('/oauth/beta-waitlist'));
  await modal.getByRole('button', { name: 'Join the Waitlist' }).click();
  expect((await joined).status()).toBe(200);
  await expect(modal.getByRole('status')).toBeVisible();
  await expect(page).toHaveURL(`${appUrl()}/`, { timeout: 6_000 });
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/login$/);
});

test('an owner outside the US and Canada is put on the international waitlist and asked to be notified', async ({
  page,
}) => {
  const recorded = page.waitForRequest((r) => r.url().endsWith('/oauth/international-waitlist'));
  await signUpThroughApi(page, {
    email: uniqueEmail('uk'),
    path: '/signup?betatester=smb',
    form: { countryCode: '+44', phone: '7700 900123' },
  });
  const first = await recorded;
  expect(first.headers().authorization).toBeUndefined();
  expect(first.postDataJSON()).toMatchObject({ country_code: '+44', country_name: 'United Kingdom' });

  const modal = page.getByTestId('country-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('terms-modal')).toHaveCount(0);
  const notify = page.waitForRequest(
    (r) => r.url().endsWith('/oauth/international-waitlist') && r.postDataJSON()?.notify === true,
  );
  await modal.getByRole('button', { name: 'Yes' }).click();
  expect((await (await notify).response())?.status()).toBe(200);
  await expect(modal.getByRole('status')).toContainText('United Kingdom');
  await expect(page).toHaveURL(`${appUrl()}/`, { timeout: 6_000 });
});

test('Cancel on the terms signs the owner out; the terms stay unaccepted', async ({ page }) => {
  await signUpThroughApi(page, { email: uniqueEmail('noterms'), path: '/signup?betatester=smb' });
  await page.getByTestId('terms-modal').getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`${appUrl()}/`);
  expect(await page.evaluate(() => localStorage.getItem('ringly.termsAccepted'))).toBeNull();
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/login$/);
});
