import { expect, test, type Page } from '@playwright/test';
import { apiUrl, appUrl, completeSetupThroughApi, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

/** Console errors of the page from now on (the browser's own "Failed to load resource" lines included). */
function collectConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

test("a fresh owner's setup logs no console errors: no config and no objectives yet are not errors", async ({
  page,
}) => {
  await signUpThroughApi(page, { email: uniqueEmail('quiet') });
  const errors = collectConsoleErrors(page);
  await page.goto('/setup');
  await expect(page.getByTestId('step-label')).toHaveText(/Step 1 of 7/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByTestId('step-label')).toHaveText(/Step 1 of 7/);
  expect(errors).toEqual([]);
});

test('a dialog covers the top bar, and a blocking one leaves nothing behind it clickable', async ({
  page,
}) => {
  await signUpThroughApi(page, { email: uniqueEmail('blocked') });
  const terms = page.getByTestId('terms-modal');
  await expect(terms).toBeVisible();
  const signOut = page.getByRole('button', { name: 'Sign Out' });
  const box = (await signOut.boundingBox())!;
  // What a click on Sign Out would hit: the dialog's backdrop, not the top bar.
  const hit = await page.evaluate(
    ({ x, y }) => (document.elementFromPoint(x, y) as HTMLElement | null)?.dataset.testid ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(hit).toBe('modal-backdrop');
  expect(await page.evaluate(() => document.getElementById('root')!.inert)).toBe(true);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.press('Escape');
  await expect(terms).toBeVisible();
  await expect(page).toHaveURL(/\/plans$/);

  await terms.getByRole('button', { name: 'Agree' }).click();
  await expect(terms).toHaveCount(0);
  expect(await page.evaluate(() => document.getElementById('root')!.inert)).toBe(false);
  await expect(signOut).toBeEnabled();
});

test('at 390 px every dashboard tab is in sight (they wrap), and the objective editor is finished', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, { email: uniqueEmail('narrow'), openPlans: false });
  await completeSetupThroughApi(page);
  await page.goto('/dashboard?tab=objectives');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText([
    'Overview',
    'Appointments',
    'Call Log',
    'Calendar',
    'Objectives',
    'Knowledge',
    'Analytics',
    'Notifications',
    'Texting',
    'Subscription',
    'Referrals',
    'Integrations',
  ]);
  for (const tab of await tabs.all()) {
    await expect(tab).toBeInViewport({ ratio: 1 });
    const box = (await tab.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Three secondaries use up the four templates offered: the select says so instead of showing nothing.
  const add = page.getByRole('button', { name: 'Add Secondary Objective' });
  for (let count = 1; count <= 3; count += 1) {
    await add.click();
    await expect(page.getByTestId('secondary-objective')).toHaveCount(count);
  }
  const select = page.getByLabel('Secondary objective template');
  await expect(select).toBeDisabled();
  await expect(select.locator('option:checked')).toHaveText('Every template is already in use');

  // The weight sliders are the product's, not the browser's default: filled up to the thumb (0.7 of 0.5-1).
  const slider = page.getByLabel('Primary weight');
  expect(await slider.evaluate((el) => getComputedStyle(el).appearance)).toBe('none');
  expect(await slider.evaluate((el) => getComputedStyle(el).getPropertyValue('--fill'))).toBe('40%');
});

test('the landing page plays a sample call rendered by the speech provider', async ({ page }) => {
  await page.goto('/');
  const button = page.getByTestId('sample-call-button');
  await expect(button).toHaveText('Hear a sample call');
  const rendered = page.waitForResponse((r) => r.url() === `${apiUrl()}/api/sample-call`);
  await button.click();
  const body = (await (await rendered).json()) as { audio_url: string; lines: number };
  expect(body.audio_url).toMatch(/^data:audio\/wav;base64,/);
  expect(Buffer.from(body.audio_url.split(',')[1]!, 'base64').length).toBeGreaterThan(200_000);
  await expect(button).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  await expect(button).toHaveText('Pause the sample call');
  await button.click();
  await expect(button).toHaveAttribute('data-state', 'paused');
});

test('"Join the international waitlist" opens the in-app waitlist instead of an e-mail link', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('a[href^="mailto:"]', { hasText: 'waitlist' })).toHaveCount(0);
  const joined = page.waitForRequest((r) => r.url() === `${apiUrl()}/oauth/international-waitlist`);
  await page
    .getByRole('button', { name: 'Outside North America? Join the international waitlist.' })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Join the international waitlist' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Notify me' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid e-mail address.');
  const email = uniqueEmail('abroad');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Country').selectOption({ label: 'Germany' });
  await dialog.getByRole('button', { name: 'Notify me' }).click();
  expect((await joined).postDataJSON()).toEqual({
    email,
    country_code: '+49',
    country_name: 'Germany',
    notify: true,
  });
  await expect(page.getByTestId('international-waitlist-joined')).toContainText(email);
});
