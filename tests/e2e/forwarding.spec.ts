import { expect, test } from '@playwright/test';
import { BUSINESS_NUMBER_REFUSALS, FORWARDING_TEXTS } from '../../shared/forwarding';
import { WIZARD_TEXT } from '../../frontend/src/features/setup/wizard-text';
import { openPhone, randomCaller, salonOwner } from './assistant-owner';
import { apiFromPage, appUrl } from './support';

test.use({ baseURL: appUrl() });

/**
 * Forwarding the business line to the assistant (docs/decisions/172-forwarding.md), end to end on one
 * machine: the owner follows the guide for their carrier, calls their own business number (the local phone
 * places a call the carrier forwarded, delivered with ForwardedFrom as Twilio sends it), and the dashboard
 * shows forwarding verified.
 */
test('an owner follows the forwarding guide, a forwarded call reaches the assistant, forwarding is verified', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { userId, assistantNumber } = await salonOwner(page, 'Sunset Cuts');
  const tenDigits = assistantNumber.slice(2);

  await page.goto('/dashboard?tab=overview');
  const status = page.getByTestId('forwarding-status').first();
  await expect(status).toHaveText('Forwarding: not verified');
  await page.getByTestId('open-forwarding-guide').click();
  const guide = page.getByTestId('forwarding-guide');
  await guide.getByTestId('forwarding-carrier').selectOption({ label: 'Verizon' });
  await guide.getByTestId('forwarding-kind-conditional').check();
  await expect(guide.getByTestId('forwarding-code')).toHaveText([`*71${tenDigits}`]);
  await guide.getByTestId('forwarding-copy-0').click();
  await expect(guide.getByTestId('forwarding-copy-0')).toHaveText(FORWARDING_TEXTS.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`*71${tenDigits}`);
  // The choice is kept: the guide reopens on it.
  await expect
    .poll(async () => (await apiFromPage(page, 'GET', `/oauth/users/${userId}/forwarding`)).body)
    .toMatchObject({ carrier: 'verizon', kind: 'conditional', state: 'not_verified' });
  await expect(guide.getByTestId('forwarding-verify')).toContainText('call your business number');
  await guide.screenshot({ path: '.local/test-results/forwarding-guide.png' });

  // The owner calls the business number from another phone; the carrier forwards it to the assistant.
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, randomCaller());
  await phone.getByTestId('phone-call-forwarded').click();
  await expect(phone.getByTestId('call-assistant').first()).toContainText('Thanks for calling Sunset Cuts');
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');

  // The open guide sees it within a few seconds; the Overview after its next refresh (or a reload).
  await expect(guide.getByTestId('forwarding-status')).toContainText('Forwarding: verified · last seen', {
    timeout: 15_000,
  });
  await page.reload();
  await expect(page.getByTestId('forwarding-status').first()).toContainText(
    'Forwarding: verified · last seen',
  );

  // The same guide follows step 4 of the setup, on the owner's saved choice.
  await page.goto('/setup');
  await page.getByRole('button', { name: /^Step 4:/ }).click();
  const setupGuide = page.getByTestId('forwarding-guide');
  await expect(setupGuide.getByTestId('forwarding-carrier')).toHaveValue('verizon');
  await expect(setupGuide.getByTestId('forwarding-code')).toHaveText([`*71${tenDigits}`]);
  await expect(setupGuide.getByTestId('forwarding-status')).toContainText('Forwarding: verified');

  // Step 1 refuses the assistant's own number as the business line: forwarding it would loop.
  await page.getByRole('button', { name: /^Step 1:/ }).click();
  await page.getByRole('button', { name: WIZARD_TEXT.editInfo }).click();
  await page.getByLabel('Business phone').fill(assistantNumber);
  await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
  await expect(page.getByText(BUSINESS_NUMBER_REFUSALS.own_assistant_number.message)).toBeVisible();
  expect((await apiFromPage(page, 'GET', `/oauth/users/${userId}/config`)).body.phone_number).not.toBe(
    assistantNumber,
  );
});
