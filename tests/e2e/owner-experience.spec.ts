import { expect, test, type Page } from '@playwright/test';
import {
  apiFromPage,
  appUrl,
  completeSetupThroughApi,
  latestCode,
  outboxMessages,
  PASSWORD,
  storedIdTokenClaims,
  subscribeThroughLocalCheckout,
  uniqueEmail,
} from './support';
import { signUpThroughApi } from './seeded-owner';
import { TEXT_LIMITS } from '../../shared/text-limits';

test.use({ baseURL: appUrl() });

/** A client-side navigation inside the running app (same visit, caches kept), as a link click does. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Steps 1-5 through the API, as an earlier visit to the wizard would have left them. */
async function completeFirstFiveSteps(page: Page) {
  const userId = String((await storedIdTokenClaims(page)).sub);
  const ok = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await apiFromPage(page, method, path, body);
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body as T;
  };
  await ok('POST', '/oauth/config/create', {
    business_name: 'Bright Smile Dental',
    phone_number: '+14155550142',
    website: 'https://brightsmile.example.com',
    address: '500 Market St, San Francisco, CA',
  });
  await ok('PUT', `/oauth/users/${userId}/config`, {
    business_description: 'Family dentistry with same-week appointments.',
    assistant_name: 'Ava',
  });
  await ok('POST', `/oauth/users/${userId}/personality`, {
    personality_traits: {
      formality: 'Business Casual',
      verbosity: 'Concise',
      empathy: 'Warm and Understanding',
      proactivity: 'Suggestive',
      humor: 'Completely Serious',
    },
  });
  const { voices } = await ok<{ voices: Record<string, Array<{ voice_id: string; provider: string }>> }>(
    'GET',
    '/api/voices/available',
  );
  await ok('PUT', `/oauth/users/${userId}/voice-settings`, {
    selected_voice: { provider: voices.female![0]!.provider, voice_id: voices.female![0]!.voice_id },
  });
  await subscribeThroughLocalCheckout(page);
  let reserved = false;
  for (let attempt = 0; attempt < 5 && !reserved; attempt += 1) {
    const { numbers } = await ok<{ numbers: Array<{ phone_number: string }> }>(
      'GET',
      '/oauth/phone-numbers/available?country=US&limit=3',
    );
    for (const { phone_number } of numbers) {
      const response = await apiFromPage(page, 'POST', `/oauth/users/${userId}/assistant-phone`, {
        assistant_phone: phone_number,
      });
      if (response.status < 300) {
        reserved = true;
        break;
      }
    }
  }
  expect(reserved).toBe(true);
  await ok('PUT', `/oauth/users/${userId}/behavior-settings`, {
    remember_past_callers: true,
    manager_number: '+14155550199',
    manager_name: 'Dana Lee',
    escalation_email: 'dana@example.com',
    text_escalation_to_manager: false,
  });
  return { userId };
}

test('a forgotten password is reset with the e-mailed code, and the old one stops working', async ({
  page,
}) => {
  const { email } = await signUpThroughApi(page, { email: uniqueEmail('forgot') });
  // Signed out on this browser (the session is dropped), so /login shows its form.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  const requestedAt = new Date().toISOString();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  const code = await latestCode(email, requestedAt);
  expect((await outboxMessages()).find((m) => m.to === email && m.sentAt > requestedAt)?.subject).toBe(
    'Your Ringly password reset code',
  );

  // A wrong code is refused with Cognito's own message.
  await page.getByLabel('Reset code').fill(code === '000000' ? '111111' : '000000');
  await page.getByLabel('New password', { exact: true }).fill('new-horse-battery-7');
  await page.getByLabel('Confirm new password').fill('new-horse-battery-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid verification code provided, please try again.');

  await page.getByLabel('Reset code').fill(code);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been reset. Log in with your new password.',
  );
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');

  await page.getByLabel('Password').fill('new-horse-battery-7');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test('wrong credentials read "Incorrect username or password." whether or not the account exists', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
});

test('Complete Setup reaches the dashboard after an early dashboard visit in the same session', async ({
  page,
}) => {
  await signUpThroughApi(page, { email: uniqueEmail('early-dashboard'), openPlans: false });
  await completeFirstFiveSteps(page);

  // The owner opens the app (a paying owner's /plans goes to the dashboard), peeks at the dashboard before
  // finishing, and is sent to the wizard's next step: all in one visit, so the dashboard's load stays cached.
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByTestId('step-label')).toHaveText('Step 6 of 7');
  // And once more through an in-app link, as the plans and setup screens offer it.
  await navigateInApp(page, '/dashboard');
  await expect(page).toHaveURL(/\/setup$/);

  const templates = page.locator('.template-card');
  await templates.first().click();
  await expect(page.getByText('Objective saved.')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Save & Continue →', exact: true }).click();
  await expect(page.getByTestId('step-label')).toHaveText('Step 7 of 7');
  await page.getByRole('button', { name: 'Complete Setup', exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Bright Smile Dental!' })).toBeVisible();
  await expect(page.getByText('(Editing)')).toHaveCount(0);
});

test('a page that fails to load shows a friendly error page whose retry loads it', async ({ page }) => {
  let failChunks = true;
  await page.route(/\/assets\/privacy-page-[^/]*\.js$/, (route) =>
    failChunks ? route.abort('failed') : route.continue(),
  );
  await page.goto('/privacy');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(alert).toContainText('Check your connection and try again.');
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');

  failChunks = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: /Privacy/ }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0);
});

test('step 1 marks each wrong field in the page, maps server field errors, and clears stale errors', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await signUpThroughApi(page, { email: uniqueEmail('fields') });
  await page.goto('/setup');
  await page.getByRole('tab', { name: 'Enter manually' }).click();
  await page.getByLabel('Business name').fill('Bright Smile Dental');
  await page.getByLabel('Business phone').fill('(415) 555-0142');
  await page.getByLabel('Website').fill('not a url');
  await page.getByLabel('Address').fill('1 Market St, San Francisco, CA '.repeat(21).slice(0, 640));
  await page.getByRole('button', { name: 'Save & Continue →', exact: true }).click();

  const field = (id: string) => page.locator(`#${id}-error`);
  await expect(field('website')).toHaveText('Please enter a valid website URL');
  // The address input stops at the server's limit (issue 10 §8), so a too-long address cannot be typed.
  expect((await page.getByLabel('Address').inputValue()).length).toBe(TEXT_LIMITS.address);
  await expect(field('address')).toHaveCount(0);
  await expect(page.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please correct the highlighted fields')).toBeVisible();
  await expect(page.getByText('Please fill in all required fields')).toHaveCount(0);
  await expect(page.getByTestId('setup-notice')).toHaveText(
    'Failed to save step 1. Please check the console for details.',
  );

  // Fixing the fields clears the marks and the summary without another save.
  await page.getByLabel('Website').fill('https://brightsmile.example.com');
  await page.getByLabel('Address').fill('1 Market St, San Francisco, CA 94105');
  await expect(field('website')).toHaveCount(0);
  await expect(field('address')).toHaveCount(0);
  await expect(page.getByText('Please correct the highlighted fields')).toHaveCount(0);

  // A field error from the server (the API's validation shape) lands on its field.
  await page.route('**/oauth/config/create', (route) =>
    route.fulfill({
      status: 400,
      json: {
        error: 'validation_error',
        message: 'Invalid request: phone_number: Please enter a valid phone number',
        details: [{ path: 'phone_number', message: 'Please enter a valid phone number' }],
      },
    }),
  );
  await page.getByRole('button', { name: 'Save & Continue →', exact: true }).click();
  await expect(field('phone_number')).toHaveText('Please enter a valid phone number');
  await expect(page.getByText('Invalid request:')).toHaveCount(0);
  await page.unroute('**/oauth/config/create');

  await page.getByRole('button', { name: 'Save & Continue →', exact: true }).click();
  await expect(page.getByTestId('step-label')).toHaveText('Step 2 of 7');

  // Step 2 names the missing field; the assistant name is marked required.
  const assistantName = page.getByLabel('Assistant name');
  await expect(assistantName).toHaveAttribute('aria-required', 'true');
  await expect(page.locator('label[for="assistant_name"] .required-mark')).toHaveText('*');
  await expect(page.getByRole('textbox', { name: 'Business description' })).toBeEnabled({ timeout: 20_000 });
  await assistantName.fill('');
  await page.getByRole('button', { name: 'Save & Continue →', exact: true }).click();
  await expect(field('assistant_name')).toHaveText('Please give your assistant a name');
  await expect(page.getByText('Missing required business information')).toBeVisible();
  await assistantName.fill('Ava');
  await expect(field('assistant_name')).toHaveCount(0);
  await expect(page.getByText('Missing required business information')).toHaveCount(0);
  expect(dialogs, 'no native alert() on the way').toEqual([]);
});

test('referrals explain a mistyped e-mail in words, from the client and from the server', async ({
  page,
}) => {
  await signUpThroughApi(page, { email: uniqueEmail('ref-words'), openPlans: false });
  await completeSetupThroughApi(page);
  await page.goto('/dashboard?tab=referrals');
  const emailField = page.getByLabel("Friend's e-mail");
  await emailField.fill('friend@');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Please enter a valid e-mail address, like friend@example.com',
  );

  // The server says the same in words (no "Invalid request: referee_email: …").
  const response = await apiFromPage(page, 'POST', '/oauth/referrals/create', { referee_email: 'friend@' });
  expect(response.status).toBe(400);
  expect(JSON.stringify(response.body.details)).toContain('Please enter a valid e-mail address');
});
