import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  BRAND_TYPE_LABELS,
  REGISTRATION_FIELD_MESSAGES,
  REGISTRATION_STATE_TEXTS,
  whatToChangeFor,
  type RegistrationState,
} from '../../shared/schemas/messaging-registration';
import {
  REGISTRATION_BADGES,
  REGISTRATION_FIELD_LABELS as LABEL,
  REGISTRATION_FORM_TEXTS as T,
  TEXTING_PAUSED_TEXTS,
} from '../../shared/messaging-registration-form';
import { apiUrl, appUrl, completeSetupThroughApi } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });
// Each test signs an owner up, subscribes, sets up and walks every registration state.
test.describe.configure({ timeout: 240_000 });

/** Screenshots of every state, to look at (not compared). */
const SHOTS = '/tmp/a2p-registration';

/** A new owner on a free trial whose setup is complete (a number bought), not yet registered for texting. */
async function newOwner(page: Page, businessName: string) {
  await signUpThroughApi(page, { form: { businessName }, openPlans: false });
  return completeSetupThroughApi(page, { texting: 'not_registered' });
}

/** The local stand-in's control (local mode only): it sends Twilio's signed status callback to our route. */
async function carrier(page: Page, userId: string, action: string, body: Record<string, string> = {}) {
  const response = await page.request.post(`${apiUrl()}/local/a2p/${encodeURIComponent(userId)}/${action}`, {
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The registration panel shows `state`: its badge, heading and explanation. */
async function expectState(page: Page, state: RegistrationState) {
  const panel = page.getByTestId('texting-registration');
  await expect(panel.getByTestId('registration-state')).toHaveText(REGISTRATION_BADGES[state]);
  await expect(panel.getByRole('heading', { name: REGISTRATION_STATE_TEXTS[state].heading })).toBeVisible();
  await expect(panel.getByText(REGISTRATION_STATE_TEXTS[state].explanation)).toBeVisible();
  return panel;
}

/** axe-core on the screen as it is: no serious or critical violation (as accessibility.spec.ts). */
async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect.soft(blocking, `axe on ${screen}`).toEqual([]);
}

/** A field of the form by its label (which the required mark follows, hidden from the accessible name). */
const field = (page: Page, path: keyof typeof LABEL) =>
  page.getByTestId('registration-form').getByLabel(LABEL[path]);

/** Fills the whole form as a private company's owner would. */
async function fillCompany(page: Page, ein: string) {
  await field(page, 'legalName').fill('Harbor Dental Group LLC');
  await field(page, 'businessType').selectOption('private_company');
  await field(page, 'ein').fill(ein);
  await field(page, 'website').fill('harbordental.com');
  await field(page, 'address.street').fill('500 Market St');
  await field(page, 'address.city').fill('San Francisco');
  await field(page, 'address.region').selectOption('CA');
  await field(page, 'address.postalCode').fill('94105');
  await field(page, 'contact.firstName').fill('Dana');
  await field(page, 'contact.lastName').fill('Lee');
  await field(page, 'contact.title').fill('Owner');
  await field(page, 'contact.email').fill('dana@harbordental.com');
  await field(page, 'contact.phone').fill('(415) 555-0142');
}

test('a new company registers for texting: field errors, review, a carrier failure with what to change, a refused resubmission, the fix and approval', async ({
  page,
}) => {
  const { userId } = await newOwner(page, `Harbor Dental ${Math.floor(Math.random() * 1e6)}`);

  // Not started: the Overview says texts are paused, and why, and opens the registration.
  await page.goto('/dashboard?tab=overview');
  const paused = page.getByTestId('texting-paused');
  await expect(paused).toContainText(TEXTING_PAUSED_TEXTS.title);
  await expect(paused).toContainText(TEXTING_PAUSED_TEXTS.why);
  await expect(paused.getByTestId('texting-paused-state')).toHaveText(REGISTRATION_BADGES.not_started);
  await page.screenshot({ path: `${SHOTS}-1-overview-not-started.png`, fullPage: true });
  await paused.getByRole('button', { name: T.openRegistration }).click();
  await expect(page).toHaveURL(/tab=texting/);
  await expectState(page, 'not_started');
  // The form starts from the business as setup saved it.
  await expect(field(page, 'website')).toHaveValue('https://brightsmile.example.com');
  await expectAccessible(page, 'texting: not started');

  // Wrong fields are named, each with the shared schema's words; nothing is sent.
  await fillCompany(page, '1234');
  await field(page, 'address.postalCode').fill('K1A 0B1');
  await page.getByRole('button', { name: T.submit }).click();
  await expect(page.getByTestId('registration-form-error')).toHaveText(T.fixFields);
  await expect(page.getByText(REGISTRATION_FIELD_MESSAGES.ein)).toBeVisible();
  await expect(page.getByText(REGISTRATION_FIELD_MESSAGES.usPostalCode)).toBeVisible();
  await expect(field(page, 'ein')).toBeFocused();
  await expect(field(page, 'ein')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${SHOTS}-2-field-errors.png`, fullPage: true });
  await expectAccessible(page, 'texting: field errors');
  await expectState(page, 'not_started');

  // Fixed and submitted: in review, on the tab and on the Overview.
  await field(page, 'ein').fill('12-3456789');
  await field(page, 'address.postalCode').fill('94105');
  await page.getByRole('button', { name: T.submit }).click();
  const panel = await expectState(page, 'in_review');
  await expect(panel.getByText('Harbor Dental Group LLC')).toBeVisible();
  await expect(panel.getByText(BRAND_TYPE_LABELS.low_volume_standard, { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-3-in-review.png`, fullPage: true });
  await page.goto('/dashboard?tab=overview');
  await expect(paused.getByTestId('texting-paused-state')).toHaveText(REGISTRATION_BADGES.in_review);

  // The carriers refuse it: the owner reads their reason and what to change, on the field at fault.
  const reason = 'The website does not show the business name or how it uses phone numbers.';
  const whatToChange = whatToChangeFor('website');
  await carrier(page, userId, 'fail', { reason, field: 'website' });
  await page.reload();
  await expect(paused.getByTestId('texting-paused-state')).toHaveText(REGISTRATION_BADGES.failed);
  await paused.getByRole('button', { name: T.fixRegistration }).click();
  const failed = await expectState(page, 'failed');
  await expect(failed.getByTestId('failure-reason')).toHaveText(reason);
  await expect(failed.getByTestId('failure-what-to-change')).toHaveText(whatToChange);
  await expect(failed.getByText(T.fieldToChange(LABEL.website))).toBeVisible();
  await expect(field(page, 'website')).toHaveAttribute('aria-invalid', 'true');
  // What was submitted is kept, ready to change.
  await expect(field(page, 'legalName')).toHaveValue('Harbor Dental Group LLC');
  await expect(field(page, 'ein')).toHaveValue('12-3456789');
  await page.screenshot({ path: `${SHOTS}-4-failed.png`, fullPage: true });
  await expectAccessible(page, 'texting: failed');

  // A resubmission the registry refuses at once (locally: the EIN 99-9999999): its words, the field named,
  // and everything typed still there.
  await field(page, 'website').fill('https://harbordental-group.com');
  await field(page, 'ein').fill('99-9999999');
  await page.getByRole('button', { name: T.resubmit }).click();
  await expect(failed.getByText(T.fieldToChange(LABEL.ein))).toBeVisible();
  await expect(failed.getByTestId('failure-reason')).not.toHaveText(reason);
  await expect(failed.getByTestId('failure-what-to-change')).toHaveText(whatToChangeFor('ein'));
  await expect(field(page, 'ein')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'ein')).toHaveValue('99-9999999');
  await expect(field(page, 'website')).toHaveValue('https://harbordental-group.com');
  await expect(field(page, 'contact.phone')).not.toHaveValue('');
  await page.screenshot({ path: `${SHOTS}-5-provider-refused.png`, fullPage: true });

  // Fixed and resubmitted: in review again.
  await field(page, 'ein').fill('12-3456789');
  await page.getByRole('button', { name: T.resubmit }).click();
  await expectState(page, 'resubmitted');
  await page.screenshot({ path: `${SHOTS}-6-resubmitted.png`, fullPage: true });

  // Approved: the tab says texting is on, and the Overview no longer warns.
  await carrier(page, userId, 'approve');
  await page.reload();
  await expectState(page, 'approved');
  await page.screenshot({ path: `${SHOTS}-7-approved.png`, fullPage: true });
  await page.goto('/dashboard?tab=overview');
  await expect(page.getByTestId('assistant-status')).not.toHaveText('Checking...');
  await expect(page.getByTestId('texting-paused')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}-8-overview-approved.png`, fullPage: true });
});

test('a sole proprietor registers from setup: no EIN, the verification text answered YES, review and approval', async ({
  page,
}) => {
  const { userId } = await newOwner(page, `Solo Groomer ${Math.floor(Math.random() * 1e6)}`);

  // Setup's phone step, below the bought number.
  await page.goto('/setup?step=4');
  await expect(page.getByTestId('phone-confirmation')).toBeVisible();
  await expectState(page, 'not_started');
  await field(page, 'legalName').fill('Sam Rivera');
  await field(page, 'businessType').selectOption('sole_proprietor');
  await expect(field(page, 'ein')).toHaveCount(0);
  await expect(page.getByText(T.soleProprietorHint)).toBeVisible();
  await expect(page.getByText(T.setupLater)).toBeVisible();
  await field(page, 'website').fill('https://samsgrooming.com');
  await field(page, 'address.street').fill('12 Elm St');
  await field(page, 'address.city').fill('Toronto');
  await field(page, 'address.country').selectOption('CA');
  await field(page, 'address.region').selectOption('ON');
  await field(page, 'address.postalCode').fill('m5v 2t6');
  await field(page, 'contact.firstName').fill('Sam');
  await field(page, 'contact.lastName').fill('Rivera');
  await field(page, 'contact.title').fill('Owner');
  await field(page, 'contact.email').fill('sam@samsgrooming.com');
  await field(page, 'contact.phone').fill('+1 416 555 0175');
  await page.screenshot({ path: `${SHOTS}-sole-1-setup-form.png`, fullPage: true });
  await expectAccessible(page, 'setup step 4: texting registration');
  await page.getByRole('button', { name: T.submit }).click();
  await expect(page.getByTestId('registration-state')).not.toHaveText(REGISTRATION_BADGES.not_started);

  // The registry texts the contact's mobile: the owner is told to reply YES, and can have it sent again.
  await carrier(page, userId, 'request-otp');
  await page.reload();
  const verification = await expectState(page, 'otp_required');
  await expect(verification.getByText(T.verificationSentTo('(416) 555-0175'))).toBeVisible();
  await expect(page.getByText(T.setupLater)).toHaveCount(0);
  await expect(verification.getByText(BRAND_TYPE_LABELS.sole_proprietor, { exact: true })).toBeVisible();
  await verification.getByRole('button', { name: T.resendVerification }).click();
  await expect(verification.getByRole('status')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-sole-2-verification.png`, fullPage: true });
  await expectAccessible(page, 'setup step 4: verification text');
  await page.goto('/dashboard?tab=overview');
  await expect(page.getByTestId('texting-paused-state')).toHaveText(REGISTRATION_BADGES.otp_required);

  // The contact replied YES: in review, then approved.
  await carrier(page, userId, 'confirm-otp');
  await page.goto('/dashboard?tab=texting');
  await expectState(page, 'in_review');
  await carrier(page, userId, 'approve');
  await page.reload();
  await expectState(page, 'approved');
  await page.goto('/dashboard?tab=overview');
  await expect(page.getByTestId('assistant-status')).not.toHaveText('Checking...');
  await expect(page.getByTestId('texting-paused')).toHaveCount(0);
});
