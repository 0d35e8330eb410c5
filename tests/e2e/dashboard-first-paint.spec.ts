import { expect, test, type Page, type Route } from '@playwright/test';
import { REMEMBERED_DASHBOARD_KEY } from '../../frontend/src/lib/remembered-dashboard';
import { appUrl, completeSetupThroughApi, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

/**
 * Issue 41 §4, docs/decisions/188: /dashboard opened again by the owner who last saw it paints its heading
 * from memory, before the dashboard's code and its config read arrive; nobody else sees it.
 */

const CONFIG_READ = /\/oauth\/users\/[^/]+\/config(\?.*)?$/;
const DASHBOARD_CHUNK = /\/assets\/dashboard-page-[^/]*\.js$/;

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

test('a returning owner’s dashboard shows its heading before its code and config arrive', async ({
  page,
}) => {
  await signUpThroughApi(page, { email: uniqueEmail('firstpaint'), openPlans: false });
  await completeSetupThroughApi(page);
  const heading = page.getByRole('heading', { name: 'Welcome back, Bright Smile Dental!' });
  await page.goto('/dashboard');
  await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();

  const releaseChunk = await hold(page, DASHBOARD_CHUNK);
  const releaseConfig = await hold(page, CONFIG_READ);
  await page.goto('/dashboard');
  // Painted by the entry: neither the dashboard's code nor the config is here yet.
  await expect(heading).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Loading...');
  await expect(page.getByRole('tablist')).toHaveCount(0);

  // The dashboard's first render keeps it while the guard waits for the config.
  releaseChunk();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(heading).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);

  releaseConfig();
  await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
  await expect(heading).toHaveCount(1);
});

test('signing out forgets the heading, and an owner who never saw the dashboard sees "Loading..."', async ({
  page,
}) => {
  await signUpThroughApi(page, { email: uniqueEmail('firstpaint-out'), openPlans: false });
  await completeSetupThroughApi(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Bright Smile Dental!' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), REMEMBERED_DASHBOARD_KEY)).toContain(
    'Bright Smile Dental',
  );
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${appUrl()}/`);
  expect(await page.evaluate((key) => localStorage.getItem(key), REMEMBERED_DASHBOARD_KEY)).toBeNull();

  // Another owner on the same browser, setup not finished: the dashboard guard will send them to /setup.
  await signUpThroughApi(page, { email: uniqueEmail('firstpaint-new'), openPlans: false });
  const releaseConfig = await hold(page, CONFIG_READ);
  await page.goto('/dashboard');
  await expect(page.getByRole('status')).toHaveText('Loading...');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toHaveCount(0);
  releaseConfig();
  await expect(page).toHaveURL(/\/setup$/);
});
