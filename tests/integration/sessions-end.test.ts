import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../shared/identity';
import { SESSION_MESSAGES, SIGN_OUT_PATH } from '../../shared/session';
import { cognitoCall, createConfirmedUser, signInUser, type Tokens } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

type Refreshed = { AuthenticationResult: { IdToken: string; AccessToken: string } };

/** Issue 10 §7: after sign-out, neither the identity service nor the API accepts the session's tokens. */
describe('sessions end', async () => {
  const { app, services } = await createTestApp();
  const statusWith = async (sub: string, token: string) =>
    (await app.request(`/oauth/users/${sub}/status`, { headers: { Authorization: `Bearer ${token}` } }))
      .status;
  const signOut = (sub: string, token: string, body: object = {}) =>
    app.request(SIGN_OUT_PATH.replace('{userId}', sub), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const refresh = (refreshToken: string) =>
    cognitoCall<Refreshed>(services.cognitoUrl, 'GetTokensFromRefreshToken', {
      ClientId: LOCAL_USER_POOL_CLIENT_ID,
      RefreshToken: refreshToken,
    });
  const getUser = (accessToken: string) =>
    cognitoCall(services.cognitoUrl, 'GetUser', { AccessToken: accessToken });

  it('gives ID and access tokens of one sign-in, and their refreshes, one origin_jti', async () => {
    const owner = await createConfirmedUser(services, 'origin');
    const origin = decodeJwt(owner.tokens.IdToken).origin_jti;
    expect(origin).toEqual(expect.any(String));
    expect(decodeJwt(owner.tokens.AccessToken).origin_jti).toBe(origin);
    expect(origin).toBe(decodeJwt(owner.tokens.RefreshToken).jti);
    const refreshed = await refresh(owner.tokens.RefreshToken);
    expect(decodeJwt(refreshed.body.AuthenticationResult.IdToken).origin_jti).toBe(origin);
    const again = await signInUser(services.cognitoUrl, owner.email, owner.password);
    expect(decodeJwt(again.IdToken).origin_jti).not.toBe(origin);
  });

  it('signing out ends this session on the API and at the identity service, not the others', async () => {
    const owner = await createConfirmedUser(services, 'signout');
    const other: Tokens = await signInUser(services.cognitoUrl, owner.email, owner.password);
    const refreshed = (await refresh(owner.tokens.RefreshToken)).body.AuthenticationResult;
    expect(await statusWith(owner.sub, owner.tokens.IdToken)).toBe(200);

    // What the frontend does: the API first, then Cognito's RevokeToken (Amplify signOut()).
    const ended = await signOut(owner.sub, owner.tokens.IdToken);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ ended: 'session' });
    const revoke = await cognitoCall(services.cognitoUrl, 'RevokeToken', {
      ClientId: LOCAL_USER_POOL_CLIENT_ID,
      Token: owner.tokens.RefreshToken,
    });
    expect(revoke.status).toBe(200);

    for (const token of [owner.tokens.IdToken, owner.tokens.AccessToken, refreshed.IdToken]) {
      const response = await app.request(`/oauth/users/${owner.sub}/status`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: SESSION_MESSAGES.revoked });
    }
    expect((await refresh(owner.tokens.RefreshToken)).status).toBe(400);
    expect((await getUser(owner.tokens.AccessToken)).body).toMatchObject({
      message: 'Access Token has been revoked',
    });

    // The owner's other sign-in still works everywhere.
    expect(await statusWith(owner.sub, other.IdToken)).toBe(200);
    expect((await getUser(other.AccessToken)).status).toBe(200);
    expect((await refresh(other.RefreshToken)).status).toBe(200);
  });

  it('signing out everywhere (global sign-out) ends every session; a later sign-in works', async () => {
    const owner = await createConfirmedUser(services, 'global');
    const second = await signInUser(services.cognitoUrl, owner.email, owner.password);
    const ended = await signOut(owner.sub, second.IdToken, { everywhere: true });
    expect(await ended.json()).toEqual({ ended: 'everywhere' });
    expect(
      (await cognitoCall(services.cognitoUrl, 'GlobalSignOut', { AccessToken: second.AccessToken })).status,
    ).toBe(200);

    for (const tokens of [owner.tokens, second]) {
      expect(await statusWith(owner.sub, tokens.IdToken)).toBe(401);
      expect((await refresh(tokens.RefreshToken)).status).toBe(400);
      expect((await getUser(tokens.AccessToken)).status).toBe(400);
    }
    await new Promise((resolve) => setTimeout(resolve, 1100)); // iat has one-second precision.
    const fresh = await signInUser(services.cognitoUrl, owner.email, owner.password);
    expect(await statusWith(owner.sub, fresh.IdToken)).toBe(200);
  });

  it('after account deletion the identity service refuses the old access and refresh tokens', async () => {
    const owner = await createConfirmedUser(services, 'deleted');
    const deleted = await cognitoCall(services.cognitoUrl, 'DeleteUser', {
      AccessToken: owner.tokens.AccessToken,
    });
    expect(deleted.status).toBe(200);
    expect((await getUser(owner.tokens.AccessToken)).body).toMatchObject({ message: 'User does not exist.' });
    expect((await refresh(owner.tokens.RefreshToken)).status).toBe(400);
  });

  it("refuses to end another owner's session, and bad input, without storing anything", async () => {
    const [owner, victim] = await Promise.all([
      createConfirmedUser(services, 'nosy'),
      createConfirmedUser(services, 'target'),
    ]);
    expect((await signOut(victim.sub, owner.tokens.IdToken, { everywhere: true })).status).toBe(403);
    expect((await signOut(owner.sub, owner.tokens.IdToken, { everywhere: 'yes' })).status).toBe(400);
    expect((await signOut(owner.sub, owner.tokens.IdToken, { extra: 1 })).status).toBe(400);
    expect(await statusWith(victim.sub, victim.tokens.IdToken)).toBe(200);
    expect(await statusWith(owner.sub, owner.tokens.IdToken)).toBe(200);
  });

  it('the identity service refuses forged access tokens that cognito-local alone would accept', async () => {
    const owner = await createConfirmedUser(services, 'forge');
    const [header, payload] = owner.tokens.AccessToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not a signature').toString('base64url')}`;
    expect((await getUser(forged)).body).toMatchObject({ message: 'Invalid Access Token' });
    expect((await cognitoCall(services.cognitoUrl, 'GlobalSignOut', { AccessToken: forged })).status).toBe(
      400,
    );
    expect((await getUser(owner.tokens.AccessToken)).status).toBe(200);
  });
});
