import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AUTOMATIONS_TEXTS } from '../../shared/automations';
import { signUpThroughApi } from './seeded-owner';
import { apiUrl, appUrl, completeSetupThroughApi, ownerApi } from './support';

test.use({ baseURL: appUrl() });

/** No serious or critical accessibility violation on the screen as it stands. */
async function expectAccessible(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.help}`),
    screen,
  ).toEqual([]);
}

/**
 * API keys on the dashboard (docs/decisions/179): the owner creates a key on the Integrations tab and sees
 * it once; with it a tool subscribes a REST hook and reads samples; once revoked the key gets 401.
 */
test('an API key is shown once, subscribes a hook and reads samples, and stops working when revoked', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, { openPlans: false });
  const { userId } = await completeSetupThroughApi(page, { texting: 'not_registered' });
  await page.goto('/dashboard?tab=integrations');
  await expect(page.getByRole('heading', { name: AUTOMATIONS_TEXTS.sectionTitle })).toBeVisible();
  await expect(page.getByText(AUTOMATIONS_TEXTS.empty)).toBeVisible();

  await page.getByLabel(AUTOMATIONS_TEXTS.nameLabel).fill('Zapier');
  await page.getByRole('radio', { name: new RegExp(AUTOMATIONS_TEXTS.scopeLabels.subscribe) }).check();
  await page.getByRole('button', { name: AUTOMATIONS_TEXTS.create }).click();
  const created = page.getByTestId('api-key-created');
  await expect(created).toContainText(AUTOMATIONS_TEXTS.keyShownOnce);
  const key = await page.getByTestId('api-key-value').inputValue();
  expect(key).toMatch(/^rk_live_[0-9A-Za-z]{40}$/);
  const listed = page.getByTestId('api-key');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Zapier');
  await expect(listed).toContainText(`${key.slice(0, 16)}…`);
  await expect(listed).toContainText(AUTOMATIONS_TEXTS.neverUsed);
  await page.screenshot({ path: '.local/test-results/api-keys-created.png', fullPage: true });
  await expectAccessible(page, 'integrations: a key just created');

  // Once dismissed, the key is nowhere on the page, nor after a reload.
  await page.getByRole('button', { name: AUTOMATIONS_TEXTS.done }).click();
  await expect(created).toHaveCount(0);
  await page.reload();
  await expect(listed).toHaveCount(1);
  expect(await page.content()).not.toContain(key.slice(16));

  // A tool uses the key: subscribe a hook, read a sample, unsubscribe.
  const auth = { Authorization: `Bearer ${key}` };
  const hook = await request.post(`${apiUrl()}/api/hooks`, {
    headers: auth,
    data: { target_url: 'https://hooks.zapier.com/hooks/standard/1/e2e/', event: 'appointment.booked' },
  });
  expect(hook.status(), await hook.text()).toBe(201);
  const subscription = (await hook.json()) as { id: string; secret: string };
  expect(subscription.secret).toMatch(/^whsec_/);
  const samples = await request.get(`${apiUrl()}/api/hooks/samples/appointment.booked`, { headers: auth });
  expect(samples.status()).toBe(200);
  expect(await samples.json()).toEqual([expect.objectContaining({ type: 'appointment.booked' })]);
  const unsubscribed = await request.delete(`${apiUrl()}/api/hooks/${subscription.id}`, { headers: auth });
  expect(unsubscribed.status()).toBe(200);

  // The list shows it was used; the owner revokes it behind a confirmation.
  await page.reload();
  await expect(listed).toContainText(AUTOMATIONS_TEXTS.lastUsed);
  await listed.getByRole('button', { name: `${AUTOMATIONS_TEXTS.revoke} Zapier` }).click();
  const dialog = page.getByRole('dialog', { name: AUTOMATIONS_TEXTS.revokeTitle });
  await expect(dialog).toContainText(AUTOMATIONS_TEXTS.revokeConfirm('Zapier'));
  await expectAccessible(page, 'integrations: the revoke dialog');
  await dialog.getByRole('button', { name: AUTOMATIONS_TEXTS.revoke }).click();
  await expect(listed).toHaveCount(0);
  await expect(page.getByText(AUTOMATIONS_TEXTS.empty)).toBeVisible();

  const refused = await request.get(`${apiUrl()}/api/hooks/samples/appointment.booked`, { headers: auth });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ message: AUTOMATIONS_TEXTS.invalidKey });
  const api = await ownerApi(page);
  expect((await api('GET', `/oauth/users/${userId}/api-keys`)).body).toMatchObject({ keys: [] });
});
