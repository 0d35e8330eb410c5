import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { decodeJwt } from 'jose';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../shared/identity';
import { cognitoCall, createConfirmedUser, latestOutboxCode } from '../support/cognito-users';

/** The identity stand-in must behave like the real Cognito the product is deployed with. */
describe('cognito-local as npm start runs it', () => {
  const services = inject('localServices');

  it('issues ID tokens with the fixed client id, e-mail verified after confirmation, and custom attributes', async () => {
    const user = await createConfirmedUser(services);
    const claims = decodeJwt(user.tokens.IdToken);
    expect(claims.aud).toBe(LOCAL_USER_POOL_CLIENT_ID);
    expect(claims.iss).toBe(services.issuer);
    expect(claims.email_verified).toBe(true);
    expect(claims['custom:business_name']).toBe('Test Salon');
  });

  it('refreshes tokens through GetTokensFromRefreshToken, as Amplify ≥6.15 asks', async () => {
    const user = await createConfirmedUser(services);
    const refreshed = await cognitoCall<{ AuthenticationResult: { IdToken: string; AccessToken: string } }>(
      services.cognitoUrl,
      'GetTokensFromRefreshToken',
      { ClientId: LOCAL_USER_POOL_CLIENT_ID, RefreshToken: user.tokens.RefreshToken },
    );
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.body.AuthenticationResult.IdToken).sub).toBe(user.sub);

    const bogus = await cognitoCall(services.cognitoUrl, 'GetTokensFromRefreshToken', {
      ClientId: LOCAL_USER_POOL_CLIENT_ID,
      RefreshToken: 'not-a-refresh-token',
    });
    expect(bogus.status).toBe(400);
  });

  it('resends a fresh code to an unconfirmed user and refuses confirmed or unknown users', async () => {
    const email = `resend-${randomUUID().slice(0, 8)}@example.com`;
    await cognitoCall(services.cognitoUrl, 'SignUp', {
      ClientId: LOCAL_USER_POOL_CLIENT_ID,
      Username: email,
      Password: 'correct-horse-9',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    const first = await latestOutboxCode(services.outboxDir, email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const resent = await cognitoCall<{ CodeDeliveryDetails: { DeliveryMedium: string } }>(
      services.cognitoUrl,
      'ResendConfirmationCode',
      { ClientId: LOCAL_USER_POOL_CLIENT_ID, Username: email },
    );
    expect(resent.status).toBe(200);
    expect(resent.body.CodeDeliveryDetails.DeliveryMedium).toBe('EMAIL');
    const second = await latestOutboxCode(services.outboxDir, email);

    // The old code no longer confirms when it differs; the new one does.
    if (first !== second) {
      const stale = await cognitoCall(services.cognitoUrl, 'ConfirmSignUp', {
        ClientId: LOCAL_USER_POOL_CLIENT_ID,
        Username: email,
        ConfirmationCode: first,
      });
      expect(stale.body.__type).toBe('CodeMismatchException');
    }
    const confirmed = await cognitoCall(services.cognitoUrl, 'ConfirmSignUp', {
      ClientId: LOCAL_USER_POOL_CLIENT_ID,
      Username: email,
      ConfirmationCode: second,
    });
    expect(confirmed.status).toBe(200);

    const again = await cognitoCall(services.cognitoUrl, 'ResendConfirmationCode', {
      ClientId: LOCAL_USER_POOL_CLIENT_ID,
      Username: email,
    });
    expect(again.body.__type).toBe('InvalidParameterException');
    const unknown = await cognitoCall(services.cognitoUrl, 'ResendConfirmationCode', {
      ClientId: LOCAL_USER_POOL_CLIENT_ID,
      Username: `nobody-${randomUUID()}@example.com`,
    });
    expect(unknown.body.__type).toBe('UserNotFoundException');
  });
});
