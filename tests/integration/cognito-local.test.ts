import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { decodeJwt } from 'jose';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../shared/identity';
import { cognitoCall, createConfirmedUser, latestOutboxCode, signInUser } from '../support/cognito-users';

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

  it('answers a wrong password and an unknown e-mail with the same "Incorrect username or password."', async () => {
    const user = await createConfirmedUser(services);
    const signIn = (username: string, password: string) =>
      cognitoCall<{ __type?: string; message?: string }>(services.cognitoUrl, 'InitiateAuth', {
        ClientId: LOCAL_USER_POOL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      });
    const wrongPassword = await signIn(user.email, 'not-the-password');
    const unknownUser = await signIn(`nobody-${randomUUID()}@example.com`, 'not-the-password');
    for (const answer of [wrongPassword, unknownUser]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        __type: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
  });

  it('resets a forgotten password with the e-mailed code, and never tells whether an account exists', async () => {
    const user = await createConfirmedUser(services);
    const call = <T>(target: string, body: Record<string, unknown>) =>
      cognitoCall<T & { __type?: string; message?: string }>(services.cognitoUrl, target, {
        ClientId: LOCAL_USER_POOL_CLIENT_ID,
        ...body,
      });
    const sent = await call<{ CodeDeliveryDetails: { DeliveryMedium: string; Destination: string } }>(
      'ForgotPassword',
      { Username: user.email },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.CodeDeliveryDetails.DeliveryMedium).toBe('EMAIL');
    expect(sent.body.CodeDeliveryDetails.Destination).not.toContain(user.email);
    const nobody = `nobody-${randomUUID()}@example.com`;
    const unknown = await call<{ CodeDeliveryDetails: { DeliveryMedium: string } }>('ForgotPassword', {
      Username: nobody,
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.CodeDeliveryDetails.DeliveryMedium).toBe('EMAIL');
    await expect(latestOutboxCode(services.outboxDir, nobody)).rejects.toThrow();

    const code = await latestOutboxCode(services.outboxDir, user.email);
    const wrongCode = await call('ConfirmForgotPassword', {
      Username: user.email,
      ConfirmationCode: code === '000000' ? '111111' : '000000',
      Password: 'brand-new-pass-1',
    });
    expect(wrongCode.body.__type).toBe('CodeMismatchException');
    const tooShort = await call('ConfirmForgotPassword', {
      Username: user.email,
      ConfirmationCode: code,
      Password: 'short',
    });
    expect(tooShort.body.__type).toBe('InvalidPasswordException');
    const unknownConfirm = await call('ConfirmForgotPassword', {
      Username: nobody,
      ConfirmationCode: code,
      Password: 'brand-new-pass-1',
    });
    expect(unknownConfirm.body.__type).toBe('CodeMismatchException');

    const reset = await call('ConfirmForgotPassword', {
      Username: user.email,
      ConfirmationCode: code,
      Password: 'brand-new-pass-1',
    });
    expect(reset.status).toBe(200);
    const tokens = await signInUser(services.cognitoUrl, user.email, 'brand-new-pass-1');
    expect(decodeJwt(tokens.IdToken).sub).toBe(user.sub);
    const oldPassword = await cognitoCall<{ __type?: string }>(services.cognitoUrl, 'InitiateAuth', {
      ClientId: LOCAL_USER_POOL_CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    });
    expect(oldPassword.body.__type).toBe('NotAuthorizedException');
    // A code works once.
    const reused = await call('ConfirmForgotPassword', {
      Username: user.email,
      ConfirmationCode: code,
      Password: 'another-pass-22',
    });
    expect(reused.body.__type).toBe('CodeMismatchException');
  });
});
