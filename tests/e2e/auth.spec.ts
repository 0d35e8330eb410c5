import { expect, test } from '@playwright/test';
import { CLIENT_TIMINGS } from '../../shared/client-timings';
import { FRONTEND_LOG_PATH } from '../../shared/frontend-log-event';
import { REFERRAL_STORAGE_KEY } from '../../shared/identity';
import {
  apiUrl,
  appUrl,
  fillSignUpForm,
  identityServiceAttribute,
  latestCode,
  PASSWORD,
  signUpThroughUi,
  storedIdTokenClaims,
  uniqueEmail,
} from './support';

test.use({ baseURL: appUrl() });

test('a new owner signs up, confirms with the e-mailed code, lands on /plans, signs out and back in', async ({
  page,
}) => {
  const email = uniqueEmail('owner');
  await page.goto('/signup?betatester=smb');
  await fillSignUpForm(page, email);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await latestCode(email));
  const loginLogged = page.waitForRequest(
    (request) =>
      request.url().endsWith(FRONTEND_LOG_PATH) && request.postDataJSON()?.event_type === 'user_login',
  );
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByTestId('plans-welcome')).toContainText('Bright Smile Dental');
  expect((await (await loginLogged).response())?.status()).toBe(202);

  const claims = await storedIdTokenClaims(page);
  expect(claims.email).toBe(email);
  expect(claims.email_verified).toBe(true);
  expect(claims['custom:beta_tester']).toBe('true');
  expect(claims['custom:business_type']).toBe('dental');
  expect(claims['custom:country_code']).toBe('+1');
  expect(await identityServiceAttribute(page, 'phone_number')).toBe('+14155550142');

  // The session survives a reload.
  await page.reload();
  await expect(page.getByTestId('plans-welcome')).toBeVisible();

  // Sign-out ends the session on the API too: the token the browser held is refused afterwards.
  const oldIdToken = await page.evaluate(() =>
    localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('.idToken'))!)!,
  );
  const statusWithOldToken = async () =>
    (
      await fetch(`${apiUrl()}/oauth/users/${String(claims.sub)}/status`, {
        headers: { Authorization: `Bearer ${oldIdToken}` },
      })
    ).status;
  expect(await statusWithOldToken()).toBe(200);
  // The terms dialog of a new owner makes the rest of /plans inert: agree first, then use the top bar.
  await page.getByTestId('terms-modal').getByRole('button', { name: 'Agree' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${appUrl()}/`);
  expect(await statusWithOldToken()).toBe(401);
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByTestId('plans-welcome')).toContainText(email);
});

test('sign-up without the beta query marks the owner as not a beta tester', async ({ page }) => {
  const email = uniqueEmail('nobeta');
  await page.goto('/signup');
  await fillSignUpForm(page, email, { countryCode: '+44', phone: '7700 900123' });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Confirmation code').fill(await latestCode(email));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/plans$/);
  const claims = await storedIdTokenClaims(page);
  expect(claims['custom:beta_tester']).toBe('false');
  expect(claims['custom:country_code']).toBe('+44');
});

test('sign-up validates every field with the spec texts', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();

  await fillSignUpForm(page, uniqueEmail('invalid'), { phone: '12345', confirmPassword: 'something-else' });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toHaveCount(0);
});

test('an unconfirmed owner who logs in gets the code form, can resend, confirms and reaches /plans', async ({
  page,
}) => {
  const email = uniqueEmail('unconfirmed');
  await page.goto('/signup?betatester=smb');
  await fillSignUpForm(page, email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  const firstCode = await latestCode(email);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Please check your email and enter the confirmation code.')).toBeVisible();

  const before = new Date().toISOString();
  await page.getByRole('button', { name: 'Resend confirmation code' }).click();
  await expect(page.getByText('Confirmation code resent to your email.')).toBeVisible();
  const secondCode = await latestCode(email, before);
  expect(secondCode).toMatch(/^\d{6}$/);
  expect(firstCode).toMatch(/^\d{6}$/);

  await page.getByLabel('Confirmation code').fill('000000' === secondCode ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await page.getByLabel('Confirmation code').fill(secondCode);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test('wrong password shows the identity provider message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a referral link keeps the code under the referral key and shows the banner', async ({ page }) => {
  await page.goto('/signup?ref=FRIEND42');
  await expect(page.getByTestId('referral-banner')).toContainText('1 month free');
  expect(await page.evaluate((key) => localStorage.getItem(key), REFERRAL_STORAGE_KEY)).toBe('FRIEND42');
});

test('protected screens send signed-out visitors to /login, replacing the history entry', async ({
  page,
}) => {
  await page.goto('/');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(`${appUrl()}/`);
});

test('a signed-out visitor of a protected screen sees Loading... until the sign-in page, never a blank page', async ({
  page,
}) => {
  // Records every moment the app's root shows no text once the document has painted it.
  await page.addInitScript(() => {
    const blanks: string[] = [];
    (window as unknown as { blanks: string[] }).blanks = blanks;
    const check = () => {
      const root = document.getElementById('root');
      if (root && root.textContent!.trim() === '') blanks.push(location.pathname);
    };
    document.addEventListener('DOMContentLoaded', () => {
      check();
      new MutationObserver(check).observe(document.getElementById('root')!, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
  });
  // The sign-in screen's code arrives late, as on a slow phone: the redirect has to wait for it.
  await page.route(/login-page/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => (window as unknown as { blanks: string[] }).blanks)).toEqual([]);
});

test('the OAuth callback without a session returns to /signup', async ({ page }) => {
  await page.goto('/oauth/callback?provider=google');
  await expect(page.getByText('Processing authentication...')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/, { timeout: 10_000 });
});

test('signing up again with an unconfirmed e-mail goes back to the code screen with the spec notice', async ({
  page,
}) => {
  const email = uniqueEmail('twice');
  await page.goto('/signup?betatester=smb');
  await fillSignUpForm(page, email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  await page.goto('/signup?betatester=smb');
  await fillSignUpForm(page, email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('Account exists but needs confirmation. Please check your email.'),
  ).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await latestCode(email));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test('an expired ID token is refreshed with the refresh token instead of signing the owner out', async ({
  page,
}) => {
  await signUpThroughUi(page, { email: uniqueEmail('refresh') });

  // Rewrite the stored tokens' expiry into the past, as if the owner came back after an hour.
  const expiredAt = await page.evaluate(() => {
    const past = Math.floor(Date.now() / 1000) - 60;
    for (const key of Object.keys(localStorage).filter((k) => /\.(idToken|accessToken)$/.test(k))) {
      const [header, payload, signature] = localStorage.getItem(key)!.split('.');
      const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/')));
      const encoded = btoa(JSON.stringify({ ...claims, exp: past }))
        .replace(/=+$/, '')
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
      localStorage.setItem(key, `${header}.${encoded}.${signature}`);
    }
    return past;
  });
  await page.reload();
  await expect(page.getByTestId('plans-welcome')).toBeVisible();
  const claims = await storedIdTokenClaims(page);
  expect(Number(claims.exp)).toBeGreaterThan(expiredAt + 60);
});

test('a stored session opens the account screen before the identity service answers, then takes its attributes', async ({
  page,
}) => {
  const email = uniqueEmail('earlysession');
  await signUpThroughUi(page, { email });

  // Hold the identity service's user lookup (GetUser) until the screen has rendered.
  let releaseLookup!: () => void;
  const lookupHeld = new Promise<void>((resolve) => (releaseLookup = resolve));
  let lookups = 0;
  await page.route('**/*', async (route) => {
    if (!route.request().headers()['x-amz-target']?.endsWith('.GetUser')) return route.fallback();
    lookups += 1;
    await lookupHeld;
    await route.fallback();
  });

  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.clock.install();
  await page.goto('/setup');
  await expect(page.getByTestId('step-label')).toBeVisible();
  // The lookup goes out once the visit has settled (the identity SDK loads then), and is still held.
  await page.waitForLoadState('load');
  expect(lookups).toBe(0);
  await page.clock.fastForward(CLIENT_TIMINGS.sessionRefineDelayMs + 2_000);
  await expect.poll(() => lookups).toBe(1);
  // The screen's first read went out with the stored token before the identity SDK was even requested.
  const configRead = requested.findIndex((path) => /^\/oauth\/users\/[^/]+\/config$/.test(path));
  const sdkChunk = requested.findIndex((path) => /\/assets\/amplify-sdk-[\w-]+\.js$/.test(path));
  expect(configRead).toBeGreaterThanOrEqual(0);
  expect(sdkChunk).toBeGreaterThan(configRead);
  const answered = page.waitForResponse((response) =>
    Boolean(response.request().headers()['x-amz-target']?.endsWith('.GetUser')),
  );
  releaseLookup();
  expect((await answered).status()).toBe(200);
  // The identity service's answer refines the user; the owner stays on the screen, still signed in.
  await expect(page).toHaveURL(`${appUrl()}/setup`);
  await expect(page.getByTestId('step-label')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Setup Your Assistant' })).toBeVisible();
});

test('signing out while the identity SDK cannot load still ends the session in this browser', async ({
  page,
}) => {
  await signUpThroughUi(page, { email: uniqueEmail('offlinesdk') });
  // A fresh visit: the screen runs on the stored token, and the SDK's chunk never arrives.
  await page.route(/\/assets\/amplify-sdk-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/plans');
  await page.getByTestId('terms-modal').getByRole('button', { name: 'Agree' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${appUrl()}/`);
  // Nothing left in storage signs the owner back in.
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/login$/);
});
