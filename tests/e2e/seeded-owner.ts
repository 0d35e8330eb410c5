import { expect, type Page } from '@playwright/test';
import { BETA_TESTER_QUERY, LOCAL_USER_POOL_CLIENT_ID } from '../../shared/identity';
import { TERMS_ACCEPTED_STORAGE_KEY } from '../../shared/plans';
import { toE164 } from '../../shared/schemas/signup';
import { cognitoCall, signInUser, tokenSubject, type Tokens } from '../../scripts/local-stack/cognito-api';
import { amplifyStorageKeys } from '../../frontend/src/lib/stored-session';
import { appUrl, latestCode, PASSWORD, uniqueEmail } from './support';

/**
 * Owners for specs whose subject is not sign-up: the same account the sign-up page creates (the identity
 * service's SignUp with the page's attributes, confirmed with the e-mailed code), signed in by writing the
 * session where Amplify keeps it. About 1 s instead of the 8-14 s the sign-up page takes on a busy CI machine
 * (its form, the e-mailed code, and the spec's post-confirm pauses). The sign-up page itself stays covered by
 * auth.spec.ts, beta-gate.spec.ts, text-limits.spec.ts, the referral specs and the setup wizard's journey.
 */

const cognitoUrl = () => {
  const url = process.env.E2E_COGNITO_URL;
  if (!url) throw new Error('E2E_COGNITO_URL is not set: the e2e global setup starts the identity service');
  return url;
};

/** Writes a signed-in session where Amplify v6 keeps one (frontend/src/lib/stored-session.ts). */
async function storeSession(page: Page, username: string, tokens: Tokens, extra: Record<string, string>) {
  const keys = amplifyStorageKeys(LOCAL_USER_POOL_CLIENT_ID);
  const entries: Record<string, string> = {
    ...extra,
    [keys.lastAuthUser]: username,
    [keys.idToken(username)]: tokens.IdToken,
    [`${keys.prefix}.${username}.accessToken`]: tokens.AccessToken,
    [`${keys.prefix}.${username}.refreshToken`]: tokens.RefreshToken,
    [`${keys.prefix}.${username}.clockDrift`]: '0',
    [`${keys.prefix}.${username}.signInDetails`]: JSON.stringify({
      loginId: username,
      authFlowType: 'USER_PASSWORD_AUTH',
    }),
  };
  // Any document of the app's origin gives its localStorage; a static file spares loading the app twice.
  await page.goto(`${appUrl()}/config.json`);
  await page.evaluate((pairs) => {
    for (const [key, value] of Object.entries(pairs)) localStorage.setItem(key, value);
  }, entries);
}

/**
 * What signUpThroughUi leaves behind, without the sign-up page: a confirmed owner with the form's attributes
 * (beta tester when `path` carries ?betatester=smb, as the page decides), signed in, on /plans (or, with
 * `openPlans: false`, on a static file of the app's origin, where apiFromPage and ownerApi work).
 * `termsAccepted` also records the plans page's terms consent, as its Agree button does.
 */
export async function signUpThroughApi(
  page: Page,
  {
    email = uniqueEmail('owner'),
    path = '/signup?betatester=smb',
    form = {},
    termsAccepted = false,
    openPlans = true,
  }: {
    email?: string;
    path?: string;
    form?: Partial<Record<'businessName' | 'countryCode' | 'phone' | 'businessType', string>>;
    termsAccepted?: boolean;
    /** false: stay off the app (a spec that seeds more through the API and then opens its own page). */
    openPlans?: boolean;
  } = {},
) {
  const username = email.trim().toLowerCase();
  const countryCode = form.countryCode ?? '+1';
  const betaTester =
    new URL(path, 'http://x').searchParams.get(BETA_TESTER_QUERY.name) === BETA_TESTER_QUERY.value;
  const signUp = await cognitoCall(cognitoUrl(), 'SignUp', {
    ClientId: LOCAL_USER_POOL_CLIENT_ID,
    Username: username,
    Password: PASSWORD,
    UserAttributes: [
      { Name: 'email', Value: username },
      { Name: 'phone_number', Value: toE164(countryCode, form.phone ?? '415 555 0142') },
      { Name: 'custom:business_name', Value: (form.businessName ?? 'Bright Smile Dental').trim() },
      { Name: 'custom:business_type', Value: form.businessType ?? 'dental' },
      { Name: 'custom:country_code', Value: countryCode },
      { Name: 'custom:beta_tester', Value: betaTester ? 'true' : 'false' },
    ],
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  const confirm = await cognitoCall(cognitoUrl(), 'ConfirmSignUp', {
    ClientId: LOCAL_USER_POOL_CLIENT_ID,
    Username: username,
    ConfirmationCode: await latestCode(username),
  });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  const tokens = await signInUser(cognitoUrl(), username, PASSWORD);
  await storeSession(page, username, tokens, termsAccepted ? { [TERMS_ACCEPTED_STORAGE_KEY]: 'true' } : {});
  if (openPlans) {
    await page.goto(`${appUrl()}/plans`);
    await expect(page).toHaveURL(/\/plans$/);
  }
  return { email, userId: tokenSubject(tokens.IdToken) };
}
