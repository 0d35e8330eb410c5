import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { AUTH_MESSAGES } from '../../shared/auth-messages';
import { WIZARD_TEXT } from '../../frontend/src/features/setup/wizard-text';
import { NOTIFICATION_TEXTS } from '../../shared/notifications';
import { appUrl, completeSetupThroughApi, fillSignUpForm, latestCode, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });
// Each test walks many screens and axe reads every node of each: generous limits on the shared machine.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 16 §5: axe-core on every page and modal, with no serious or critical violation. Each test walks one
 * visitor's screens; every screen checked is a row of the table printed at the end of the test.
 */
type Row = { screen: string; path: string; rules: number; serious: number; minor: number };

const BLOCKING = new Set(['serious', 'critical']);

function checker(page: Page) {
  const rows: Row[] = [];
  const check = async (screen: string) => {
    // Let lazy chunks and queries settle: axe should see the screen, not its loading state.
    await expect(page.getByText(AUTH_MESSAGES.loading, { exact: true })).toHaveCount(0);
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
    const url = new URL(page.url());
    rows.push({
      screen,
      path: url.pathname + url.search,
      rules: results.passes.length + results.violations.length,
      serious: blocking.length,
      minor: results.violations.length - blocking.length,
    });
    expect
      .soft(
        blocking.map(
          (v) =>
            `${v.impact} ${v.id}: ${v.help} → ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
        ),
        `axe on ${screen}`,
      )
      .toEqual([]);
  };
  const print = () => {
    console.log(`\naxe-core, serious or critical violations per screen:`);
    console.table(rows);
  };
  return { check, print, rows };
}

test('public pages, the sign-in screens and the landing page dialog', async ({ page }) => {
  const axe = checker(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await axe.check('landing');
  await page.getByRole('button', { name: 'Join the international waitlist' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await axe.check('landing: international waitlist dialog');

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: /Privacy/ }).first()).toBeVisible();
  await axe.check('privacy policy');
  await page.goto('/toc');
  await expect(page.getByRole('heading', { name: /Terms/ }).first()).toBeVisible();
  await axe.check('terms of service');

  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await axe.check('sign-up');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await axe.check('log in');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
  await axe.check('log in: forgotten password');
  axe.print();
  expect(axe.rows).toHaveLength(7);
});

test('a new owner: the confirmation code, the plans with their dialogs, and setup step 1', async ({
  page,
}) => {
  const axe = checker(page);
  const email = uniqueEmail('axe-new');
  await page.goto('/signup?betatester=smb');
  await fillSignUpForm(page, email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByLabel('Confirmation code')).toBeVisible();
  await axe.check('sign-up: confirmation code');
  await page.getByLabel('Confirmation code').fill(await latestCode(email));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/plans$/);

  await expect(page.getByTestId('terms-modal')).toBeVisible();
  await axe.check('plans: terms dialog');
  await page.getByTestId('terms-modal').getByRole('button', { name: 'Agree' }).click();
  await expect(page.getByRole('button', { name: 'Join Waitlist' }).first()).toBeVisible();
  await axe.check('plans');
  await page.getByRole('button', { name: 'Join Waitlist' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Coming Soon!' })).toBeVisible();
  await axe.check('plans: coming soon dialog');

  await page.goto('/setup');
  await expect(page.getByTestId('step-label')).toHaveText('Step 1 of 7');
  await axe.check('setup step 1');
  await page.getByRole('tab', { name: 'Enter manually' }).click();
  await axe.check('setup step 1: enter manually');
  axe.print();
  expect(axe.rows).toHaveLength(6);
});

test('the beta prompt and the dialog for an owner outside the served countries', async ({
  page,
  browser,
}) => {
  const axe = checker(page);
  await signUpThroughApi(page, { email: uniqueEmail('axe-beta'), path: '/signup' });
  await page.goto('/setup');
  await expect(page.getByTestId('beta-modal')).toBeVisible();
  await axe.check('setup: beta prompt');

  // Another owner, in a browser context of their own (axe needs a page from browser.newContext()).
  const context = await browser.newContext({ baseURL: appUrl() });
  const abroad = await context.newPage();
  const axeAbroad = checker(abroad);
  await signUpThroughApi(abroad, {
    email: uniqueEmail('axe-uk'),
    form: { countryCode: '+44', phone: '7700 900123' },
  });
  await expect(abroad.getByTestId('country-modal')).toBeVisible();
  await axeAbroad.check('plans: country unavailable dialog');
  await context.close();
  axe.print();
  axeAbroad.print();
  expect(axe.rows.length + axeAbroad.rows.length).toBe(2);
});

const DASHBOARD_TABS = [
  'overview',
  'appointments',
  'calendar',
  'calls',
  'objectives',
  'knowledge',
  'analytics',
  'subscription',
  'referrals',
  'notifications',
  'integrations',
];

test('an owner with a finished setup: every setup step, every dashboard tab and their dialogs', async ({
  page,
}) => {
  const axe = checker(page);
  await signUpThroughApi(page, { email: uniqueEmail('axe-done'), openPlans: false });
  await completeSetupThroughApi(page);

  // A finished setup opens in edit mode on its last step; every step is reachable from the step list.
  await page.goto('/setup');
  await expect(page.getByTestId('step-label')).toHaveText(/^Step 7 of 7/);
  for (let step = 1; step <= 7; step += 1) {
    await page.getByRole('button', { name: new RegExp(`^Step ${step}:`) }).click();
    await expect(page.getByTestId('step-label')).toHaveText(new RegExp(`^Step ${step} of 7`));
    await axe.check(`setup step ${step}`);
  }
  // A filled step 1 shows a summary with an edit button; an edit left unsaved asks before moving on.
  await page.getByRole('button', { name: /^Step 1:/ }).click();
  await page.getByRole('button', { name: WIZARD_TEXT.editInfo }).click();
  await page.getByLabel('Business name').fill('Bright Smile Dental & Co');
  await page.getByRole('button', { name: /^Step 2:/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await axe.check('setup: unsaved changes dialog');

  for (const tab of DASHBOARD_TABS) {
    await page.goto(`/dashboard?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await axe.check(`dashboard: ${tab}`);
  }

  await page.goto('/dashboard?tab=overview');
  await page.getByRole('button', { name: /call logs/i }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await axe.check('dashboard: call logs coming soon dialog');

  await page.goto('/dashboard?tab=subscription');
  await page.getByRole('button', { name: 'Join Waitlist' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await axe.check('dashboard: subscription waitlist dialog');

  await page.goto('/dashboard?tab=calls');
  const privacy = page.getByRole('region', { name: /privacy/i });
  await privacy.getByRole('textbox').fill('4155550123');
  await privacy.getByRole('button').last().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await axe.check('dashboard: erase caller data dialog');

  // Urgent texts on, without a mobile: the reasons, the mobile field and its error are shown.
  await page.goto('/dashboard?tab=notifications');
  await page.getByRole('switch', { name: NOTIFICATION_TEXTS.urgentLabel }).check();
  await page.getByRole('button', { name: NOTIFICATION_TEXTS.save }).click();
  await expect(page.getByText(NOTIFICATION_TEXTS.mobileRequired)).toBeVisible();
  await axe.check('dashboard: notifications with urgent texts and an error');
  axe.print();
  expect(axe.rows).toHaveLength(7 + 1 + DASHBOARD_TABS.length + 4);
});
