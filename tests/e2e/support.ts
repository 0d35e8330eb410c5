import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

export const appUrl = () => process.env.E2E_APP_URL ?? 'http://localhost:5173';
export const apiUrl = () => process.env.E2E_API_URL ?? 'http://localhost:3001';

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
export const PASSWORD = 'correct-horse-9';

type OutboxMessage = { to: string; subject: string; text: string; sentAt: string };

/** The newest confirmation code the local outbox holds for this address (waits for it to arrive). */
export async function latestCode(email: string, after = ''): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${apiUrl()}/local/outbox/messages`);
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        const mine = messages.filter((m) => m.to === email && m.sentAt > after);
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
    return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<
      string,
      unknown
    >;
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
