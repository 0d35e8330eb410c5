import { expect, test, type Page, type Route } from '@playwright/test';
import { SETUP_STEP_INTROS, SETUP_TITLE } from '../../shared/setup-screen-texts';
import { TERMS_DIALOG_TEXT } from '../../shared/terms-dialog';
import { REMEMBERED_SETUP_STEP_KEY } from '../../frontend/src/lib/remembered-setup-step';
import { appUrl, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

/**
 * Issue 41 §4, docs/decisions/188: /plans' terms dialog and setup's opening step are painted by the entry,
 * before the page's code and its API reads arrive, and the page's first render keeps them.
 */

const SUBSCRIPTION_STATUS = /\/oauth\/subscription\/status(\?.*)?$/;
const PLANS_CHUNK = /\/assets\/plans-page-[^/]*\.js$/;
const CONFIG_READ = /\/oauth\/users\/[^/]+\/config(\?.*)?$/;
const SETUP_CHUNK = /\/assets\/setup-page-[^/]*\.js$/;

/** Holds every request to `url` until the returned release is called (then they all go through). */
async function hold(page: Page, url: RegExp): Promise<() => void> {
  const held: Route[] = [];
  let released = false;
  await page.route(url, (route) => (released ? route.continue() : void held.push(route)));
  return () => {
    released = true;
    for (const route of held.splice(0)) void route.continue();
  };
}

test('/plans shows its terms dialog before its code and the subscription status arrive', async ({ page }) => {
  await signUpThroughApi(page, { email: uniqueEmail('plans-paint'), openPlans: false });
  const releaseChunk = await hold(page, PLANS_CHUNK);
  const releaseStatus = await hold(page, SUBSCRIPTION_STATUS);
  await page.goto('/plans');
  const dialog = page.getByRole('dialog', { name: TERMS_DIALOG_TEXT.title });
  // Painted by the entry: its buttons wait for the app.
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(TERMS_DIALOG_TEXT.billing);
  await expect(dialog.getByRole('button', { name: TERMS_DIALOG_TEXT.agree })).toBeDisabled();

  // The page's own dialog, without waiting for the status.
  releaseChunk();
  await expect(page.getByTestId('terms-modal')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.getByTestId('terms-modal').getByRole('button', { name: TERMS_DIALOG_TEXT.agree }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Loading plans...')).toBeVisible();

  releaseStatus();
  await expect(page.getByRole('region', { name: 'Plans' })).toBeVisible();
});

test('a new owner’s /setup shows step 1’s introduction before the wizard’s code and the config arrive', async ({
  page,
}) => {
  const { userId } = await signUpThroughApi(page, { email: uniqueEmail('setup-paint'), openPlans: false });
  const releaseChunk = await hold(page, SETUP_CHUNK);
  const releaseConfig = await hold(page, CONFIG_READ);
  await page.goto('/setup');
  const intro = page.getByText(SETUP_STEP_INTROS[1]!);
  // Painted by the entry: no step dots yet (they need the wizard's code).
  await expect(page.getByRole('heading', { name: SETUP_TITLE })).toBeVisible();
  await expect(intro).toBeVisible();
  await expect(page.getByTestId('step-label')).toHaveCount(0);

  // The wizard's frame while the config read is on its way, the same introduction in it.
  releaseChunk();
  await expect(page.getByTestId('step-label')).toHaveText('Step 1 of 7');
  await expect(intro).toHaveCount(1);
  await expect(page.getByRole('tab', { name: 'Search for my business' })).toHaveCount(0);

  releaseConfig();
  await expect(page.getByRole('tab', { name: 'Search for my business' })).toBeVisible();
  await expect(intro).toHaveCount(1);
  expect(
    JSON.parse((await page.evaluate((key) => localStorage.getItem(key), REMEMBERED_SETUP_STEP_KEY)) ?? '{}'),
  ).toEqual({ userId, step: 1, setupComplete: false });
});
