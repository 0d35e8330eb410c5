/**
 * Sessions in cognito-local the way real Cognito (token revocation enabled on the client) keeps them
 * (issue 10 §7, docs/decisions/003-local-identity.md):
 * - every ID and access token carries `origin_jti`, the jti of the refresh token it was minted from, so a
 *   sign-in and all its refreshes share one origin;
 * - a request carrying an `AccessToken` (GetUser, GlobalSignOut, DeleteUser, UpdateUserAttributes…) is
 *   refused when the token is forged, expired, or its origin refresh token was revoked (RevokeToken,
 *   GlobalSignOut) — cognito-local alone only decodes it;
 * - `GlobalSignOut` and `AdminUserGlobalSignOut` (both missing from cognito-local) revoke every refresh
 *   token of the user; the admin one is what account deletion calls (providers/identity).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local's internals are untyped CommonJS */
type Handler = (ctx: unknown, req: any) => Promise<any>;
type Jwt = {
  decode: (token: string, options?: { complete: boolean }) => any;
  sign: (payload: object, key: string, options: object) => string;
  verify: (token: string, key: string, options: object) => any;
};

export const ACCESS_TOKEN_REVOKED = 'Access Token has been revoked';

export function cognitoSessions(deps: {
  jwt: Jwt;
  privateKeyPem: string;
  publicKeyPem: string;
  cognito: any;
  errors: any;
}) {
  const { jwt, privateKeyPem, publicKeyPem, cognito, errors } = deps;
  /** The refresh token a REFRESH_TOKEN_AUTH call presented, for the generator running inside that call. */
  const presentedRefreshToken = new AsyncLocalStorage<string>();
  const jtiOf = (token: string): string | undefined => jwt.decode(token)?.jti;

  /** Re-signs a token with `origin_jti` added, keeping every other claim (exp, iat, aud…) and the key id. */
  const withOrigin = (token: string, originJti: string) => {
    const { header, payload } = jwt.decode(token, { complete: true });
    return jwt.sign({ ...payload, origin_jti: originJti }, privateKeyPem, {
      algorithm: 'RS256',
      keyid: header.kid,
    });
  };

  const wrapGenerator = (generator: { generate: (...args: any[]) => Promise<any> }) => ({
    async generate(...args: any[]) {
      const tokens = await generator.generate(...args);
      const origin = jtiOf(presentedRefreshToken.getStore() ?? tokens.RefreshToken);
      if (!origin) return tokens;
      return {
        ...tokens,
        AccessToken: withOrigin(tokens.AccessToken, origin),
        IdToken: withOrigin(tokens.IdToken, origin),
      };
    },
  });

  const notAuthorized = (message: string) => new errors.NotAuthorizedError(message);

  /** The user of a valid, unrevoked access token, or a NotAuthorized error as Cognito answers. */
  const userOfAccessToken = async (ctx: unknown, accessToken: unknown) => {
    let claims: any;
    try {
      claims = jwt.verify(String(accessToken), publicKeyPem, { algorithms: ['RS256'] });
    } catch {
      throw notAuthorized('Invalid Access Token');
    }
    if (claims.token_use !== 'access') throw notAuthorized('Invalid Access Token');
    const pool = await cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user = await pool.getUserByUsername(ctx, claims.sub);
    if (!user) throw notAuthorized('User does not exist.');
    const live: string[] = (user.RefreshTokens ?? []).map(jtiOf);
    if (!claims.origin_jti || !live.includes(claims.origin_jti)) throw notAuthorized(ACCESS_TOKEN_REVOKED);
    return { pool, user };
  };

  const globalSignOut: Handler = async (ctx, req) => {
    const { pool, user } = await userOfAccessToken(ctx, req?.AccessToken);
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

  /** The admin variant (IAM-authorized in AWS): by pool and username, as account deletion calls it. */
  const adminUserGlobalSignOut: Handler = async (ctx, req) => {
    const pool = await cognito.getUserPool(ctx, req?.UserPoolId);
    const user = await pool.getUserByUsername(ctx, String(req?.Username ?? ''));
    if (!user) throw new errors.UserNotFoundError('User does not exist.');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

  /** Wraps the router: session checks before any access-token target, refresh flows remembered. */
  const wrapRouter =
    (router: (target: string) => Handler) =>
    (target: string): Handler => {
      if (target === 'GlobalSignOut') return globalSignOut;
      if (target === 'AdminUserGlobalSignOut') return adminUserGlobalSignOut;
      const handler = router(target);
      return async (ctx, req) => {
        if (req && typeof req === 'object' && 'AccessToken' in req) {
          await userOfAccessToken(ctx, req.AccessToken);
        }
        const refreshToken = req?.AuthParameters?.REFRESH_TOKEN ?? req?.RefreshToken;
        if (typeof refreshToken === 'string') {
          return presentedRefreshToken.run(refreshToken, () => handler(ctx, req));
        }
        return handler(ctx, req);
      };
    };

  return { wrapGenerator, wrapRouter };
}
