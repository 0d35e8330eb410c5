import { expect, test } from '@playwright/test';
import { PAYMENT_FAILED, SUBSCRIPTION_REQUIRED } from '../../shared/plans';
import { apiFromPage, apiUrl, appUrl, completeSetupThroughApi, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

const SHOTS = '.local/test-results/billing-gates';

test('an owner without a plan explores setup: step 4 lists numbers and says in words that buying one needs a plan, linking to /plans', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { userId } = await signUpThroughApi(page, {
    email: uniqueEmail('unpaid'),
    path: '/signup?betatester=smb',
  });
  await page.getByTestId('terms-modal').getByRole('button', { name: 'Agree' }).click();
  // Steps 1-3 through the API (no subscription), so the wizard opens at step 4.
  for (const [method, path, body] of [
    [
      'POST',
      '/oauth/config/create',
      {
        business_name: 'Unpaid Salon',
        phone_number: '+14155550142',
        website: 'https://unpaid.example.com',
        address: '1 Main St, San Francisco, CA',
      },
    ],
    ['PUT', `/oauth/users/${userId}/config`, { business_description: 'Haircuts.', assistant_name: 'Ava' }],
    [
      'POST',
      `/oauth/users/${userId}/personality`,
      {
        personality_traits: {
          formality: 'Business Casual',
          verbosity: 'Concise',
          empathy: 'Warm and Understanding',
          proactivity: 'Suggestive',
          humor: 'Completely Serious',
        },
      },
    ],
  ] as const) {
    const response = await apiFromPage(page, method, path, body);
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  }
  const voices = (await apiFromPage(page, 'GET', '/api/voices/available')).body as {
    voices: Record<string, Array<{ voice_id: string; provider: string }>>;
  };
  const voice = voices.voices.female![0]!;
  const saved = await apiFromPage(page, 'PUT', `/oauth/users/${userId}/voice-settings`, {
    selected_voice: { provider: voice.provider, voice_id: voice.voice_id },
  });
  expect(saved.status).toBe(200);
  await page.goto('/setup');
  const notice = page.getByTestId('subscription-required');
  await expect(notice).toContainText(SUBSCRIPTION_REQUIRED.hint);
  await expect(page.getByRole('list', { name: 'Available numbers' }).getByRole('button')).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/step4-needs-plan.png`, fullPage: true });

  // Picking a number anyway: the API refuses (402), nothing is reserved, the notice stays.
  const refused = page.waitForResponse((r) => r.url().endsWith(`/oauth/users/${userId}/assistant-phone`));
  await page.getByRole('list', { name: 'Available numbers' }).getByRole('button').first().click();
  expect((await refused).status()).toBe(402);
  await expect(page.getByTestId('phone-confirmation')).toHaveCount(0);
  await notice.getByRole('link', { name: SUBSCRIPTION_REQUIRED.linkLabel }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test('a failed payment shows "Payment failed — update your card" on Overview, Subscription, Referrals and /plans, and the card update makes the owner Active', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, { email: uniqueEmail('pastdue'), path: '/signup?betatester=smb' });
  await page.getByTestId('terms-modal').getByRole('button', { name: 'Agree' }).click();
  await completeSetupThroughApi(page);

  // The local billing portal fails the next payment, as Stripe would on a declined card.
  await page.goto('/dashboard?tab=subscription');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(new RegExp(`^${apiUrl()}/local/payments/portal/`));
  await page.getByRole('button', { name: 'Fail the next payment' }).click();
  await expect(page.getByTestId('local-subscription-status')).toHaveText('past_due');
  await page.getByRole('link', { name: 'Return to Ringly' }).click();

  const failed = page.getByTestId('payment-failed');
  await expect(page.getByTestId('subscription-status')).toHaveText('Inactive');
  await expect(failed).toContainText(PAYMENT_FAILED.title);
  // No fresh plan is offered: the way forward is the card.
  await expect(page.getByRole('region', { name: 'Upgrade options' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/subscription-payment-failed.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(failed).toContainText(PAYMENT_FAILED.title);
  await page.screenshot({ path: `${SHOTS}/overview-payment-failed.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Referrals' }).click();
  await expect(failed).toContainText(PAYMENT_FAILED.title);

  await page.goto('/plans');
  await expect(failed).toContainText(PAYMENT_FAILED.title);
  await expect(page.getByTestId('plan-card')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/plans-payment-failed.png`, fullPage: true });
  // A checkout is refused by the API as well (another tab, a script).
  const checkout = await apiFromPage(page, 'POST', '/oauth/subscription/checkout', {
    price_id: 'price_pro_monthly',
    success_url: `${appUrl()}/setup`,
    cancel_url: `${appUrl()}/plans`,
  });
  expect(checkout).toMatchObject({
    status: 409,
    body: { error: 'payment_failed', message: PAYMENT_FAILED.title },
  });

  await failed.getByRole('button', { name: PAYMENT_FAILED.action }).click();
  await expect(page).toHaveURL(new RegExp(`^${apiUrl()}/local/payments/portal/`));
  await page.getByTestId('local-update-card').click();
  await expect(page.getByTestId('local-subscription-status')).toHaveText('active');
  await page.getByRole('link', { name: 'Return to Ringly' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(failed).toHaveCount(0);
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
});
