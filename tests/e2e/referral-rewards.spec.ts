import { expect, test } from '@playwright/test';
import { signedStripeWebhook } from '../support/stripe-webhooks';
import { REFERRAL_CREDIT_EMAIL_KIND } from '../../shared/referral-rewards';
import {
  apiFromPage,
  apiUrl,
  appUrl,
  completeSetupThroughApi,
  outboxMessages,
  signUpThroughUi,
  subscribeThroughLocalCheckout,
  uniqueEmail,
} from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

test('owner A refers B: B’s first paid invoice is $0, A’s next invoice is one month lower, and replaying the webhook five times at once changes nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // A subscribes to Essential ($99 a month) and sees the next invoice in full.
  const a = await signUpThroughApi(page, { email: uniqueEmail('referrer'), openPlans: false });
  await subscribeThroughLocalCheckout(page, 'price_essential_monthly');
  await completeSetupThroughApi(page);
  await page.goto('/dashboard?tab=subscription');
  await expect(page.getByTestId('next-invoice-amount')).toHaveText('$99.00');
  const link = String((await apiFromPage(page, 'GET', '/oauth/referrals/link')).body.referral_link);

  // B signs up through A's link, picks Pro monthly: the local checkout shows the friend's coupon.
  const friendContext = await browser.newContext({ baseURL: appUrl() });
  const friend = await friendContext.newPage();
  const referralPath = `${new URL(link).pathname}${new URL(link).search}&betatester=smb`;
  await signUpThroughUi(friend, { email: uniqueEmail('friend'), path: referralPath });
  await friend.getByTestId('terms-modal').getByRole('button', { name: 'Agree' }).click();
  await friend
    .getByRole('article', { name: 'Pro monthly' })
    .getByRole('button', { name: /Free Trial/ })
    .click();
  await expect(friend.getByTestId('checkout-coupon')).toContainText('100% off for 1 month');
  await friend.getByRole('button', { name: 'Pay' }).click();
  await expect(friend.getByTestId('payment-success')).toBeVisible();
  await completeSetupThroughApi(friend);

  // B's trial completes and B pays: the first paid invoice is $0 (the $199 month is discounted in full).
  await friend.goto('/dashboard?tab=subscription');
  await friend.getByRole('button', { name: 'Manage billing' }).click();
  await friend.getByRole('button', { name: 'End trial now (payment succeeds)' }).click();
  await expect(friend.getByTestId('local-subscription-status')).toHaveText('active');
  const firstPaid = friend.getByTestId('local-invoice').first();
  await expect(firstPaid).toContainText('$199.00');
  await expect(firstPaid.getByTestId('local-invoice-amount')).toHaveText('$0.00');
  const bSubscription = String(
    (await apiFromPage(friend, 'GET', '/oauth/subscription/status')).body.stripe_subscription_id,
  );

  // A's next invoice is one month of A's plan lower; the Referrals tab says where the credit is.
  const aInvoice = async () => (await apiFromPage(page, 'GET', '/oauth/subscription/upcoming-invoice')).body;
  await expect
    .poll(async () => (await aInvoice()).invoice)
    .toMatchObject({ amount_due: 0, credit_applied: 9900 });
  await page.reload();
  await expect(page.getByTestId('next-invoice-amount')).toHaveText('$0.00');
  await expect(page.getByTestId('next-invoice-breakdown')).toContainText('$99.00 referral credit');
  await page.goto('/dashboard?tab=referrals');
  await expect(page.getByTestId('referral-credits')).toHaveText('$99.00');
  await expect(page.getByTestId('referral-credits-waiting')).toHaveText('$99.00');
  await expect(page.getByTestId('referral-credits-applied')).toHaveText('$0.00');
  await expect(page.getByTestId('referral-credit-status')).toHaveText('Comes off your next invoice');
  const creditEmails = async () =>
    (await outboxMessages()).filter((m) => m.to === a.email && m.kind === REFERRAL_CREDIT_EMAIL_KIND);
  await expect.poll(async () => (await creditEmails()).length).toBe(1);
  expect((await creditEmails())[0]!.text).toContain('Your month free was applied');

  // Stripe replays the subscription's webhook five times in parallel: nothing changes.
  const replay = {
    id: `evt_e2e_replay_${bSubscription}`,
    object: 'event',
    type: 'customer.subscription.updated',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: bSubscription, object: 'subscription' } },
  };
  const statuses = await Promise.all(
    Array.from({ length: 5 }, async () => {
      const response = await fetch(`${apiUrl()}/webhooks/stripe`, await signedStripeWebhook(replay));
      return response.status;
    }),
  );
  expect(statuses).toEqual([200, 200, 200, 200, 200]);
  expect((await aInvoice()).invoice).toMatchObject({
    amount_due: 0,
    credit_applied: 9900,
    credit_remaining: 0,
  });
  await page.reload();
  await expect(page.getByTestId('referral-credits')).toHaveText('$99.00');
  expect(await creditEmails()).toHaveLength(1);

  // A's renewal uses it: the credit is applied, with the invoice it went to.
  await page.goto('/dashboard?tab=subscription');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.getByRole('button', { name: 'End trial now (payment succeeds)' }).click();
  await expect(page.getByTestId('local-invoice').first().getByTestId('local-invoice-amount')).toHaveText(
    '$0.00',
  );
  await page.goto('/dashboard?tab=referrals');
  await expect(page.getByTestId('referral-credits-applied')).toHaveText('$99.00');
  await expect(page.getByTestId('referral-credit-status')).toContainText('Applied to invoice in_');
  await friendContext.close();
});
