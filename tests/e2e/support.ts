import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

export const appUrl = () => process.env.E2E_APP_URL ?? 'http://localhost:5173';
export const apiUrl = () => process.env.E2E_API_URL ?? 'http://localhost:3001';

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
export const PASSWORD = 'correct-horse-9';

export type OutboxMessage = { to: string; subject: string; text: string; sentAt: string; kind: string };

/** Every e-mail the local outbox holds, newest first. */
export async function outboxMessages(): Promise<OutboxMessage[]> {
  const response = await fetch(`${apiUrl()}/local/outbox/messages`);
  if (!response.ok) throw new Error(`The local outbox answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** The newest confirmation code the local outbox holds for this address (waits for it to arrive). */
export async function latestCode(email: string, after = ''): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mine = (await outboxMessages()).filter((m) => m.to === email && m.sentAt > after);
        code = mine[0]?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}

export async function fillSignUpForm(
  page: Page,
  email: string,
  overrides: Partial<Record<string, string>> = {},
) {
  await page.getByLabel('Business name').fill(overrides.businessName ?? 'Bright Smile Dental');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Country code').selectOption(overrides.countryCode ?? '+1');
  await page.getByLabel('Phone number').fill(overrides.phone ?? '415 555 0142');
  await page.getByLabel('Business type').selectOption(overrides.businessType ?? 'dental');
  await page.getByLabel('Password', { exact: true }).fill(overrides.password ?? PASSWORD);
  await page.getByLabel('Confirm password').fill(overrides.confirmPassword ?? PASSWORD);
}

/** Decoded claims of the ID token Amplify stored for the signed-in user. */
export async function storedIdTokenClaims(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const token = key ? localStorage.getItem(key) : null;
    if (!token) return {};
    // The payload is UTF-8 ("Salón"): atob gives its bytes, which TextDecoder reads as UTF-8.
    const bytes = Uint8Array.from(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    );
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  });
}

/** Asks the identity service (GetUser with the stored access token) for one of the user's attributes. */
export async function identityServiceAttribute(page: Page, name: string): Promise<string | undefined> {
  return page.evaluate(async (attributeName) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
    const config = (await (await fetch('/config.json')).json()) as { cognito: { userPoolEndpoint: string } };
    const response = await fetch(config.cognito.userPoolEndpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetUser',
      },
      body: JSON.stringify({ AccessToken: key ? localStorage.getItem(key) : '' }),
    });
    const user = (await response.json()) as { UserAttributes?: Array<{ Name: string; Value: string }> };
    return user.UserAttributes?.find((a) => a.Name === attributeName)?.Value;
  }, name);
}

/** Calls the product API from the page with the stored ID token, as the app does. */
export async function apiFromPage(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const config = (await (await fetch('/config.json')).json()) as { apiUrl: string };
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${key ? localStorage.getItem(key) : ''}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: response.status,
        body: (await response.json().catch(() => null)) as Record<string, unknown>,
      };
    },
    { method, path, body },
  );
}

/**
 * The product API called from the test process with the ID token Amplify stored for the page's owner, as
 * apiFromPage answers it but without a round trip through the page: seeding a setup makes a dozen calls.
 */
export async function ownerApi(page: Page) {
  const idToken = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });
  if (!idToken) throw new Error('ownerApi: the page holds no signed-in session');
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${apiUrl()}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${idToken}`,
        Origin: appUrl(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, unknown>,
    };
  };
}

/**
 * Starts the free trial for the signed-in owner of `page` through the local checkout, unless they already
 * pay: buying a number needs a live subscription (issue 10). Pressing the checkout's Pay button is a form
 * POST whose signed webhooks start the subscription; it is sent from here, so the page stays where it was
 * (payments.spec.ts and the plans specs click through the checkout page itself).
 */
export async function subscribeThroughLocalCheckout(page: Page, priceId = 'price_essential_monthly') {
  const api = await ownerApi(page);
  const status = await api('GET', '/oauth/subscription/status');
  if (status.body?.status === 'active' || status.body?.status === 'trialing') return;
  const checkout = await api('POST', '/oauth/subscription/checkout', {
    price_id: priceId,
    success_url: `${appUrl()}/setup`,
    cancel_url: `${appUrl()}/plans?payment=cancelled`,
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const paid = await fetch(`${String(checkout.body.checkout_url)}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(paid.status, "the local checkout's Pay answers with the redirect to success_url").toBe(303);
  expect(paid.headers.get('location')).toBe(`${appUrl()}/setup`);
}

/** The legal details a test business registers for texting with (A2P 10DLC, docs/decisions/169). */
export const SAMPLE_MESSAGING_REGISTRATION = {
  legalName: 'Bright Smile Dental LLC',
  businessType: 'private_company',
  ein: '12-3456789',
  website: 'https://brightsmile.com',
  address: {
    street: '500 Market St',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94105',
    country: 'US',
  },
  contact: {
    firstName: 'Dana',
    lastName: 'Lee',
    email: 'dana@brightsmile.com',
    phone: '+14155550199',
    title: 'Owner',
  },
} as const;

/**
 * Every setup step through the API. `texting: 'approved'` (the default) also registers the business for
 * texting and has the local registry approve it, so the assistant's texts reach callers; 'not_registered'
 * leaves the registration not started.
 */
export async function completeSetupThroughApi(
  page: Page,
  options: { texting?: 'approved' | 'not_registered' } = {},
): Promise<{ userId: string }> {
  const claims = await storedIdTokenClaims(page);
  const userId = String(claims.sub);
  const api = await ownerApi(page);
  const ok = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await api(method, path, body);
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body as T;
  };
  await ok('POST', '/oauth/config/create', {
    business_name: String(claims['custom:business_name'] ?? 'Bright Smile Dental'),
    phone_number: String(claims.phone_number ?? '+14155550142'),
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
  const voice = voices.female![0]!;
  await ok('PUT', `/oauth/users/${userId}/voice-settings`, {
    selected_voice: { provider: voice.provider, voice_id: voice.voice_id },
  });
  await subscribeThroughLocalCheckout(page);
  // A country-wide search: area codes hold only a few local numbers each, and the wizard's own tests pick
  // from 415. Parallel tests may reserve a listed number first: take the next one, or search again.
  let reserved = false;
  for (let attempt = 0; attempt < 5 && !reserved; attempt += 1) {
    const { numbers } = await ok<{ numbers: Array<{ phone_number: string }> }>(
      'GET',
      '/oauth/phone-numbers/available?country=US&limit=3',
    );
    for (const { phone_number } of numbers) {
      const response = await api('POST', `/oauth/users/${userId}/assistant-phone`, {
        assistant_phone: phone_number,
      });
      if (response.status < 300) {
        reserved = true;
        break;
      }
    }
  }
  expect(reserved, 'an assistant phone could be reserved').toBe(true);
  await ok('PUT', `/oauth/users/${userId}/behavior-settings`, {
    remember_past_callers: true,
    manager_number: '+14155550199',
    manager_name: 'Dana Lee',
    escalation_email: 'dana@example.com',
    text_escalation_to_manager: false,
  });
  const { templates } = await ok<{
    templates: Array<{
      id: string;
      goal: string;
      required_capabilities: string[];
      success_criteria: string[];
    }>;
  }>('GET', '/oauth/objective-templates/discover');
  const template = templates[0]!;
  await ok('POST', `/oauth/users/${userId}/objectives`, {
    goal: template.goal,
    required_capabilities: template.required_capabilities,
    success_criteria: template.success_criteria,
    template_id: template.id,
  });
  if ((options.texting ?? 'approved') === 'approved') {
    await ok('PUT', `/oauth/users/${userId}/messaging-registration`, SAMPLE_MESSAGING_REGISTRATION);
    await ok('POST', `/local/a2p/${userId}/approve`);
  }
  return { userId };
}

/** Signs a new owner up and confirms through the UI (from `path`, e.g. a referral link), ending on /plans. */
export async function signUpThroughUi(
  page: Page,
  {
    email = uniqueEmail('owner'),
    path = '/signup?betatester=smb',
    form = {},
  }: { email?: string; path?: string; form?: Partial<Record<string, string>> } = {},
) {
  await page.goto(path);
  await fillSignUpForm(page, email, form);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Confirmation code').fill(await latestCode(email));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/plans$/);
  return { email, userId: String((await storedIdTokenClaims(page)).sub) };
}
