import { expect, test, type Page } from '@playwright/test';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../shared/identity';
import { OAUTH_POPUP } from '../../shared/calendar';
import { apiUrl, appUrl, latestCode, PASSWORD, uniqueEmail } from './support';

/**
 * The calendar connect popup in a real browser: the app window opens the auth URL, the person answers the
 * local consent page, and the callback page posts its result back across origins (app ≠ API) and closes.
 * The wizard's own use of it is covered by the setup wizard spec.
 */
async function cognito(target: string, body: unknown) {
  const config = (await (await fetch(`${appUrl()}/config.json`)).json()) as {
    cognito: { userPoolEndpoint: string };
  };
  const response = await fetch(config.cognito.userPoolEndpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function confirmedOwnerToken() {
  const email = uniqueEmail('calendar');
  await cognito('SignUp', {
    ClientId: LOCAL_USER_POOL_CLIENT_ID,
    Username: email,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  await cognito('ConfirmSignUp', {
    ClientId: LOCAL_USER_POOL_CLIENT_ID,
    Username: email,
    ConfirmationCode: await latestCode(email),
  });
  const auth = await cognito('InitiateAuth', {
    ClientId: LOCAL_USER_POOL_CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD },
  });
  return (auth.AuthenticationResult as { IdToken: string }).IdToken;
}

/** From the app's own origin, as the wizard does: get the auth URL, listen for messages, open the popup. */
async function openConnectPopup(page: Page, token: string, service: string) {
  await page.goto(appUrl());
  const popupOpened = page.waitForEvent('popup');
  await page.evaluate(
    async ({ api, token, service, size }) => {
      const response = await fetch(`${api}/oauth/${service}/auth?t=${Date.now()}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const { auth_url } = (await response.json()) as { auth_url: string };
      const received: unknown[] = [];
      (window as unknown as { received: unknown[] }).received = received;
      window.addEventListener('message', (event) =>
        received.push({ origin: event.origin, data: event.data }),
      );
      window.open(auth_url, 'oauth', `width=${size.width},height=${size.height}`);
    },
    { api: apiUrl(), token, service, size: OAUTH_POPUP },
  );
  return popupOpened;
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: unknown[] }).received);

test('Allow connects the calendar: the popup posts oauth_success to the app and closes', async ({ page }) => {
  const token = await confirmedOwnerToken();
  const popup = await openConnectPopup(page, token, 'google_calendar');
  await expect(
    popup.getByRole('heading', { name: 'Ringly wants to access your Google Calendar account' }),
  ).toBeVisible();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;

  await expect
    .poll(() => received(page))
    .toEqual([
      { origin: new URL(apiUrl()).origin, data: { type: 'oauth_success', service: 'google_calendar' } },
    ]);
  const connections = await (
    await fetch(`${apiUrl()}/oauth/connections`, { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  // The account is the owner's own (the authorize URL's login_hint), with the local vendor's calendar page.
  expect(connections).toEqual({
    connections: [
      {
        service: 'google_calendar',
        status: 'connected',
        account: expect.stringMatching(/^calendar-[^@]+@example\.com$/),
        calendar_page_url: expect.stringContaining('/local/calendar/google_calendar/calendar-'),
      },
    ],
  });
});

test('Deny closes the popup and posts oauth_error with reason declined', async ({ page }) => {
  const token = await confirmedOwnerToken();
  const popup = await openConnectPopup(page, token, 'calendly');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Deny' }).click();
  await closed;
  await expect
    .poll(() => received(page))
    .toEqual([
      {
        origin: new URL(apiUrl()).origin,
        data: {
          type: 'oauth_error',
          service: 'calendly',
          message: 'You did not allow access to Calendly.',
          reason: 'declined',
        },
      },
    ]);
});
