import { expect, test, type Page } from '@playwright/test';
import { appUrl } from './support';

test.use({ baseURL: appUrl() });

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the landing page carries every element the spec lists', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Stop Losing Business on the Phone.').first()).toBeVisible();
  await expect(page.getByText('From Hello to Paid.').first()).toBeVisible();
  for (const anchor of ['#features', '#pricing', '#demo']) await expect(page.locator(anchor)).toHaveCount(1);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', /#pricing$/);
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');

  await expect(page.getByRole('link', { name: 'Start Converting More Calls Today' })).toHaveAttribute(
    'href',
    '/signup',
  );
  await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/signup');

  // Cost chart: the four figures of spec §2.
  for (const figure of ['$100', '$16', '$95', '$99']) {
    await expect(page.locator(`[aria-label*="${figure} per month"]`)).toHaveCount(1);
  }
  // Comparison: four services × six features, each with a full / partial / not-available mark.
  await expect(page.locator('table .mark[role="img"]')).toHaveCount(24);
  await expect(page.getByText('SOC 2 Type II')).toBeVisible();
  await expect(page.getByText('HIPAA')).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /privacy/i })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: /terms/i })).toHaveAttribute('href', '/toc');
  await expect(footer).toContainText('2025');
});

test('the privacy policy has 7 numbered sections and a privacy mailbox', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d+\./ })).toHaveCount(7);
  await expect(page.locator('a[href^="mailto:privacy@"]').first()).toBeVisible();
});

test('the terms have 10 numbered sections, a PDF that downloads and a legal mailbox', async ({
  page,
  request,
}) => {
  await page.goto('/toc');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d+\./ })).toHaveCount(10);
  await expect(page.locator('a[href^="mailto:legal@"]').first()).toBeVisible();
  const pdfLink = page.locator('a[download][href$=".pdf"]').first();
  const pdf = await request.get(`${appUrl()}${await pdfLink.getAttribute('href')}`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['/', '/privacy', '/toc', '/signup', '/login']) {
    test(`${path} has no horizontal scrolling`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await noHorizontalScroll(page)).toBe(true);
    });
  }

  test('the narrow logo shows instead of the wide one', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.logo-mark').first()).toBeVisible();
    await expect(page.locator('.logo-wide').first()).toBeHidden();
  });
});

test('account screens list the account shell’s files for the entry to request; the landing page does not', async ({
  page,
  request,
}) => {
  // index.html's list (frontend/build/screen-chunk-list.ts): per screen chunk, the files its import loads.
  const screenFiles = (html: string) => {
    const block = /<script type="application\/json" id="screen-chunks">(.*?)<\/script>/.exec(html);
    return block ? (JSON.parse(block[1]!) as Record<string, string[]>) : undefined;
  };
  const accountHtml = await (await request.get(`${appUrl()}/dashboard`)).text();
  const landingHtml = await (await request.get(`${appUrl()}/`)).text();
  const list = screenFiles(accountHtml)!;
  const shellChunk = list['signed-in-shell']?.find((file) => /\/signed-in-shell-[\w-]+\.js$/.test(file));
  expect(shellChunk).toBeDefined();
  expect(list['protected-route']?.some((file) => /\/protected-route-[\w-]+\.js$/.test(file))).toBe(true);
  expect(screenFiles(landingHtml)).toBeUndefined();
  expect(landingHtml).not.toMatch(/signed-in-shell|protected-route/);

  // The entry requests the listed module itself, and the router's import uses it: fetched once, not twice.
  const fetched: string[] = [];
  page.on('request', (sent) => fetched.push(new URL(sent.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  expect(fetched.filter((file) => file === shellChunk)).toHaveLength(1);
});
