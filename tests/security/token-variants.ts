import { createHmac, createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';
import { decodeJwt, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_PATH } from '../../shared/account-deletion';
import { SESSION_MESSAGES, SIGN_OUT_PATH } from '../../shared/session';
import { createConfirmedUser, signInUser } from '../support/cognito-users';
import { concretePath } from './support/openapi-operations';
import { routeName, send, type SuiteContext } from './support/suite-context';

// cognito-local's own signing key: variants signed with it differ from a good token only in what they say.
const localKeys = createRequire(createRequire(import.meta.url).resolve('cognito-local'))(
  './keys/cognitoLocal.private.json',
) as { pem: string };
const trustedKey = createPrivateKey(localKeys.pem);
const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

const signed = (claims: JWTPayload, key = trustedKey, kid = 'CognitoLocal') =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);

/**
 * Issue 10 §11 token variants: each one is refused with 401 on every secured GET route of the owner, and a
 * good token for comparison is accepted.
 */
export function tokenVariants(ctx: SuiteContext) {
  const section = 'token variants';
  const { owner, services, summary } = ctx;

  describe(section, () => {
    it('refuses expired, altered, alg none, other-issuer, other-key, other-audience, HS256 and revoked tokens', async () => {
      const claims = decodeJwt(owner.tokens.IdToken);
      const now = Math.floor(Date.now() / 1000);
      const [header, payload, signature] = owner.tokens.IdToken.split('.') as [string, string, string];
      const session = await signInUser(services.cognitoUrl, owner.email, owner.password);
      const revoked = await send(
        ctx,
        'POST',
        SIGN_OUT_PATH.replace('{userId}', owner.sub),
        session.IdToken,
        {},
      );
      expect(revoked.status).toBe(200);

      const variants: Record<string, string> = {
        expired: await signed({ ...claims, iat: now - 7200, exp: now - 60 }),
        'altered payload (another sub, old signature)': `${header}.${base64url({ ...claims, sub: ctx.victim.sub })}.${signature}`,
        'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
        'other issuer, trusted key': await signed({
          ...claims,
          iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Evil',
        }),
        'another key, same kid': await signed(claims, strangerKey),
        'other audience': await signed({ ...claims, aud: 'some-other-client' }),
        'refresh token_use': await signed({ ...claims, token_use: 'refresh' }),
        'no subject': await signed({ ...claims, sub: undefined }),
        'HS256 keyed with the public key': `${base64url({ alg: 'HS256', kid: 'CognitoLocal' })}.${payload}.${createHmac(
          'sha256',
          localKeys.pem,
        )
          .update(`${base64url({ alg: 'HS256', kid: 'CognitoLocal' })}.${payload}`)
          .digest('base64url')}`,
        'not a JWT': 'not-a-token',
        'signed-out session (revoked origin_jti)': session.IdToken,
        'signed-out session, its access token': session.AccessToken,
      };

      const routes = ctx.operations.filter((op) => op.secured && !op.apiKey && op.method === 'GET');
      expect(routes.length).toBeGreaterThan(10);
      for (const operation of routes) {
        const path = concretePath(operation.path, owner.sub, {
          service: 'google_calendar',
          type: 'appointment_booking',
          phone: '+14155550142',
          id: 'x',
        });
        for (const [label, token] of Object.entries(variants)) {
          const response = await send(ctx, 'GET', path, token);
          summary.record(section, routeName(operation), response.status, label);
          expect(response.status, `${routeName(operation)}: ${label}`).toBe(401);
        }
        const good = await send(ctx, 'GET', path, owner.tokens.IdToken);
        summary.record(section, routeName(operation), good.status, 'good token');
        expect(good.status, `${routeName(operation)}: good token`).not.toBe(401);
      }
    });

    it("refuses a deleted account's ID and access tokens on its own routes (issue 10 §7)", async () => {
      const gone = await createConfirmedUser(services, 'sec-deleted');
      const deleted = await send(
        ctx,
        'DELETE',
        ACCOUNT_DELETION_PATH.replace('{userId}', gone.sub),
        gone.tokens.IdToken,
        { confirmation: 'DELETE' },
      );
      expect(deleted.status).toBe(200);
      const routes = ctx.operations.filter((op) => op.secured && !op.apiKey && op.method === 'GET');
      for (const operation of routes) {
        const path = concretePath(operation.path, gone.sub, {
          service: 'google_calendar',
          type: 'appointment_booking',
          phone: '+14155550142',
          id: 'x',
        });
        for (const [label, token] of [
          ['deleted account, ID token', gone.tokens.IdToken],
          ['deleted account, access token', gone.tokens.AccessToken],
        ] as const) {
          const response = await send(ctx, 'GET', path, token);
          summary.record(section, routeName(operation), response.status, label);
          expect(response.status, `${routeName(operation)}: ${label}`).toBe(401);
          expect(await response.json()).toMatchObject({ message: SESSION_MESSAGES.accountDeleted });
        }
      }
    });

    it('refuses a missing, malformed, made-up or revoked API key and a Cognito token on every API-key route', async () => {
      const keysPath = `/oauth/users/${owner.sub}/api-keys`;
      const created = await send(ctx, 'POST', keysPath, owner.tokens.IdToken, {
        name: 'sec',
        scope: 'subscribe',
      });
      expect(created.status).toBe(201);
      const { id, key } = (await created.json()) as { id: string; key: string };
      const live = await send(ctx, 'POST', keysPath, owner.tokens.IdToken, { name: 'live', scope: 'read' });
      const liveKey = ((await live.json()) as { key: string }).key;
      expect((await send(ctx, 'DELETE', `${keysPath}/${id}`, owner.tokens.IdToken)).status).toBe(200);
      const variants: Record<string, string | undefined> = {
        'no key': undefined,
        'malformed key': 'rk_live_short',
        'made-up key': `rk_live_${'Z'.repeat(40)}`,
        'revoked key': key,
        "the owner's Cognito ID token": owner.tokens.IdToken,
      };
      const routes = ctx.operations.filter((op) => op.apiKey && op.method === 'GET');
      expect(routes.length).toBeGreaterThanOrEqual(3);
      for (const operation of routes) {
        const path = concretePath(operation.path, owner.sub, { event: 'appointment.booked' });
        for (const [label, token] of Object.entries(variants)) {
          const response = await send(ctx, 'GET', path, token);
          summary.record(section, routeName(operation), response.status, label);
          expect(response.status, `${routeName(operation)}: ${label}`).toBe(401);
        }
        const good = await send(ctx, 'GET', path, liveKey);
        summary.record(section, routeName(operation), good.status, 'live key');
        expect(good.status, `${routeName(operation)}: live key`).toBe(200);
      }
    });
  });
}
