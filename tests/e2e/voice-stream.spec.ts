import { expect, test, type Page } from '@playwright/test';
import { apiFromPage, appUrl, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

/** A new beta owner with steps 1-2 done through the API, on step 3 of the wizard. */
async function ownerOnStep3(page: Page, label: string) {
  const { userId } = await signUpThroughApi(page, { email: uniqueEmail(label) });
  const ok = async (method: string, path: string, body: unknown) =>
    expect((await apiFromPage(page, method, path, body)).status).toBeLessThan(300);
  await ok('POST', '/oauth/config/create', {
    business_name: 'Bright Smile Dental',
    phone_number: '+14155550142',
    website: 'https://brightsmile.example.com',
    address: '1 Market St, San Francisco, CA 94105',
  });
  await ok('PUT', `/oauth/users/${userId}/config`, {
    business_description: 'Gentle family dentistry in San Francisco.',
    assistant_name: 'Ava',
  });
  await page.goto('/setup');
  await expect(page.getByTestId('step-label')).toHaveText('Step 3 of 7');
  // The default voice (female, first) is selected once the catalogue has loaded.
  await expect(page.getByRole('radio', { name: 'Female', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
}

/** Bytes of the clip the preview's audio element holds. */
const clipBytes = (page: Page) =>
  page.getByTestId('preview-audio').evaluate(async (element: HTMLAudioElement) => {
    const response = await fetch(element.src);
    return (await response.arrayBuffer()).byteLength;
  });

test('a step 3 preview is streamed over the socket and plays as it arrives', async ({ page }) => {
  test.setTimeout(90_000);
  const received: Array<{ type: string; format?: string; sample_rate?: number }> = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/ws?token=')) return;
    socket.on('framereceived', ({ payload }) => received.push(JSON.parse(String(payload))));
  });
  const httpPreviews: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/voices/preview')) httpPreviews.push(request.url());
  });
  await ownerOnStep3(page, 'stream');

  await page.getByRole('button', { name: /Greeting/ }).click();
  const panel = page.locator('.preview-panel');
  await expect(panel).toHaveAttribute('data-stream-state', 'streamed', { timeout: 30_000 });
  await expect(page.locator('.preview-text')).not.toBeEmpty();

  const types = received.map((message) => message.type);
  expect(types[0]).toBe('stream_start');
  expect(types.at(-1)).toBe('stream_complete');
  const chunks = received.filter((message) => message.type === 'audio_chunk');
  expect(chunks.length).toBeGreaterThan(0);
  expect(chunks[0]).toMatchObject({ format: 'pcm', sample_rate: 22050 });
  // The page took in every chunk, and the whole clip is kept for replay.
  await expect(panel).toHaveAttribute('data-stream-chunks', String(chunks.length));
  await expect(page.getByTestId('preview-audio')).toHaveAttribute('src', /^blob:/);
  expect(await clipBytes(page)).toBeGreaterThan(10_000);
  expect(httpPreviews).toEqual([]);
});

test('with the socket blocked the preview plays over HTTP, without an error', async ({ page }) => {
  test.setTimeout(90_000);
  let attempts = 0;
  await page.routeWebSocket(/\/ws\?token=/, (socket) => {
    attempts++;
    socket.close({ code: 1011, reason: 'blocked by test' });
  });
  await ownerOnStep3(page, 'nostream');

  const preview = page.waitForResponse((r) => r.url().endsWith('/api/voices/preview'));
  await page.getByRole('button', { name: /Greeting/ }).click();
  expect((await preview).ok()).toBe(true);
  await expect(page.locator('.preview-panel')).toHaveAttribute('data-stream-state', 'fallback');
  await expect(page.getByTestId('preview-audio')).toHaveAttribute('src', /^data:audio\/wav;base64,/);
  expect(await clipBytes(page)).toBeGreaterThan(1000);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(attempts).toBeGreaterThan(0);
});

test('when the socket opens but no audio comes, HTTP takes over after 3000 ms', async ({ page }) => {
  test.setTimeout(90_000);
  // Accepted but never answered: requests go nowhere.
  await page.routeWebSocket(/\/ws\?token=/, () => undefined);
  await ownerOnStep3(page, 'silent');

  await page.getByRole('button', { name: /Greeting/ }).click();
  await expect(page.locator('.preview-text')).not.toBeEmpty({ timeout: 30_000 });
  const textShownAt = Date.now();
  await page.waitForResponse((r) => r.url().endsWith('/api/voices/preview'), { timeout: 15_000 });
  expect(Date.now() - textShownAt).toBeGreaterThan(2500);
  await expect(page.locator('.preview-panel')).toHaveAttribute('data-stream-state', 'fallback');
  await expect(page.getByTestId('preview-audio')).toHaveAttribute('src', /^data:audio\/wav;base64,/);
});
