import { expect, test, type Page } from '@playwright/test';
import { REFERRAL_MESSAGES } from '../../shared/referrals';
import {
  apiFromPage,
  appUrl,
  completeSetupThroughApi,
  outboxMessages,
  signUpThroughUi,
  uniqueEmail,
} from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

const rowOf = (page: Page, email: string) => page.getByTestId('referral-row').filter({ hasText: email });

test('an owner refers friends, is held to 3 pending, invites by e-mail, copies the link and cancels; a friend who signs up through the link is in trial', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpThroughApi(page, {
    email: uniqueEmail('referrer'),
    path: '/signup?betatester=smb',
    openPlans: false,
  });
  await completeSetupThroughApi(page);
  await page.goto('/dashboard?tab=referrals');

  // The link, and copying it.
  const linkField = page.getByRole('textbox', { name: 'Referral link' });
  await expect(linkField).toHaveValue(new RegExp(`^${appUrl()}/signup\\?ref=[A-Z2-9]{8}$`));
  const link = await linkField.inputValue();
  const copy = page.getByRole('button', { name: 'Copy' });
  await copy.click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({ timeout: 4000 });

  // Three friends; then Add is disabled with the hint, and the server refuses a fourth too.
  const friends = [uniqueEmail('friend-a'), uniqueEmail('friend-b'), uniqueEmail('friend-c')];
  const emailField = page.getByLabel("Friend's e-mail");
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await expect(page.getByText(REFERRAL_MESSAGES.maxPendingHint)).toHaveCount(0);
  for (const friend of friends) {
    await emailField.fill(`  ${friend} `);
    await add.click();
    await expect(rowOf(page, friend)).toBeVisible();
    await expect(rowOf(page, friend)).toContainText('No Response');
  }
  await expect(emailField).toHaveValue('');
  await emailField.fill(uniqueEmail('friend-d'));
  await expect(add).toBeDisabled();
  await expect(page.getByText(REFERRAL_MESSAGES.maxPendingHint)).toBeVisible();
  const refused = await apiFromPage(page, 'POST', '/oauth/referrals/create', {
    referee_email: uniqueEmail('friend-d'),
  });
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ message: REFERRAL_MESSAGES.maxPendingHint });
  await expect(page.getByTestId('referral-row')).toHaveCount(3);
  await expect(page.getByTestId('referral-total')).toHaveText('3');
  await expect(page.getByTestId('referral-conversion')).toHaveText('0%');
  await expect(page.getByTestId('referral-credits')).toHaveText('$0.00');
  await expect(rowOf(page, friends[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');

  // An invitation, really sent: it is in the local outbox with the link.
  await rowOf(page, friends[0]!).getByRole('button', { name: 'Send invitation' }).click();
  const notice = page.getByText(REFERRAL_MESSAGES.invitationSent(friends[0]!));
  await expect(notice).toBeVisible();
  await expect
    .poll(async () => (await outboxMessages()).find((m) => m.to === friends[0]))
    .toMatchObject({ kind: 'referral-invitation', text: expect.stringContaining(link) });
  await expect(notice).toBeHidden({ timeout: 8000 });

  // Cancel: hidden while 'Hide canceled' is on (the default), shown as Canceled when it is off.
  const hideCanceled = page.getByLabel('Hide canceled');
  await expect(hideCanceled).toBeChecked();
  await rowOf(page, friends[2]!).getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, friends[2]!)).toHaveCount(0);
  await hideCanceled.uncheck();
  await expect(rowOf(page, friends[2]!)).toContainText('Canceled');
  await expect(rowOf(page, friends[2]!).getByRole('button')).toHaveCount(0);
  await expect(page.getByText(REFERRAL_MESSAGES.maxPendingHint)).toHaveCount(0);
  await expect(add).toBeEnabled();

  // The friend signs up through the link in their own browser: their referral moves to trial.
  const friendContext = await browser.newContext({ baseURL: appUrl() });
  const friendPage = await friendContext.newPage();
  const path = new URL(link).pathname + new URL(link).search;
  await friendPage.goto(path);
  await expect(friendPage.getByText(/1 month free/i)).toBeVisible();
  await signUpThroughUi(friendPage, { email: friends[1]!, path });
  await expect.poll(() => friendPage.evaluate(() => localStorage.getItem('referral_code'))).toBeNull();
  await friendContext.close();

  await page.reload();
  await expect(rowOf(page, friends[1]!)).toContainText('Trial');
  await expect(rowOf(page, friends[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
  await expect(rowOf(page, friends[1]!).getByRole('button')).toHaveCount(0);
});
