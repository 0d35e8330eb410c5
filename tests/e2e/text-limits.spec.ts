import { expect, test, type Page } from '@playwright/test';
import { TEXT_LIMITS } from '../../shared/text-limits';
import { appUrl, signUpThroughUi } from './support';

test.use({ baseURL: appUrl() });

/** maxLength of every text-like input and textarea on the page, by id. */
const inputLimits = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
        .filter((el) => !['checkbox', 'radio', 'range', 'hidden', 'submit', 'button'].includes(el.type))
        .filter((el) => !el.readOnly)
        .map((el) => [el.id || el.getAttribute('aria-label') || el.name, el.maxLength]),
    ),
  );

/** Issue 10 §8: the browser stops typing where the server would refuse, and long names never widen a page. */
test('every text input of the sign-up, login and reset forms has the server limit', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByLabel('Confirm password')).toBeVisible();
  expect(await inputLimits(page)).toEqual({
    businessName: TEXT_LIMITS.businessName,
    email: TEXT_LIMITS.email,
    phoneNumber: TEXT_LIMITS.phone,
    password: TEXT_LIMITS.password,
    confirmPassword: TEXT_LIMITS.password,
  });
  await page.getByLabel('Business name').fill('x'.repeat(3_000));
  expect((await page.getByLabel('Business name').inputValue()).length).toBe(TEXT_LIMITS.businessName);

  await page.goto('/login');
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(await inputLimits(page)).toEqual({ email: TEXT_LIMITS.email, password: TEXT_LIMITS.password });
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByLabel('Password')).toBeHidden();
  expect(Object.values(await inputLimits(page))).toEqual([TEXT_LIMITS.email]);
});

test('a business name as long as the form allows, without spaces, does not widen /plans', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signUpThroughUi(page, { form: { businessName: 'W'.repeat(3_000) } });
  await expect(page.getByTestId('plans-welcome')).toContainText('W'.repeat(TEXT_LIMITS.businessName));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: '.local/test-results/plans-long-name.png' });
});
