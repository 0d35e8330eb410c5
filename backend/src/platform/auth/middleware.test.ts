import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/app-env';
import {
  errorResponses,
  jsonContent,
  userIdParams,
  withOneHandler,
  withSyncValidation,
} from '../http/openapi-helpers';
import { createErrorHandler, validationHook } from '../errors/error-handler';
import { createLogger } from '../logging/logger';
import { unauthorized } from '../errors/http-error';
import { ownerGuard, requireAuth, requireOwner } from './middleware';
import { withRevocationCheck } from './revocation-check';
import type { SessionState } from './session-revocations';
import type { TokenVerifier, VerifiedUser } from './token-verifier';

const userOf = (sub: string): VerifiedUser => ({ sub, email: undefined, tokenUse: 'id', claims: { sub } });

/** A verifier that knows 'known-<sub>' tokens without a promise and verifies 'ok-<sub>' tokens; counts calls. */
function fakeVerifier() {
  const calls: string[] = [];
  const verify: TokenVerifier = async (token) => {
    calls.push(token);
    const [kind, sub] = token.split('-');
    if ((kind === 'ok' || kind === 'known') && sub) return userOf(sub);
    throw unauthorized('Invalid token');
  };
  verify.known = (token) => (token.startsWith('known-') ? userOf(token.slice('known-'.length)) : undefined);
  return { verify, calls };
}

const routeAt = (path: string, withMiddleware: boolean, verify: TokenVerifier) =>
  createRoute({
    method: 'get',
    path,
    summary: 'A per-user read',
    ...(withMiddleware ? { middleware: [requireAuth(verify), requireOwner()] as const } : {}),
    request: {
      params: userIdParams.extend({ userId: z.string().min(3).max(8) }),
      query: z.object({ if_missing: z.enum(['null']).optional() }),
    },
    responses: { 200: jsonContent(z.object({}).passthrough(), 'ok'), ...errorResponses },
  });

/** The same route twice: as middleware + withSyncValidation (before), and as withOneHandler + ownerGuard. */
function app(verify: TokenVerifier) {
  const hono = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  hono.onError(createErrorHandler(createLogger(() => undefined)));
  const handler = (c: Parameters<Parameters<typeof hono.openapi>[1]>[0]) =>
    c.json(
      {
        user: c.get('user')?.sub ?? null,
        param: c.req.valid('param' as never),
        query: c.req.valid('query' as never),
      },
      200,
    );
  hono.openapi(withSyncValidation(hono, routeAt('/chain/{userId}', true, verify)), handler);
  const one = withOneHandler(hono, routeAt('/one/{userId}', false, verify), ownerGuard(verify));
  hono.openapi(one.route, one.handler(handler));
  hono.doc31('/doc', { openapi: '3.1.0', info: { title: 't', version: '1' } });
  return hono;
}

describe('withOneHandler with ownerGuard', () => {
  it('answers every request as the middleware chain does: 401, 403, 400 and 200 alike', async () => {
    const hono = app(fakeVerifier().verify);
    const cases: Array<[string, Record<string, string>]> = [
      ['abcd', {}],
      ['abcd', { Authorization: 'Bearer bad-x' }],
      ['abcd', { Authorization: 'Basic abcd' }],
      ['abcd', { Authorization: 'Bearer ok-other' }],
      ['abcd', { Authorization: 'Bearer known-other' }],
      ['ab', { Authorization: 'Bearer ok-ab' }],
      ['abcd?if_missing=x', { Authorization: 'Bearer known-abcd' }],
      ['abcd?if_missing=null', { Authorization: 'Bearer ok-abcd' }],
      ['abcd', { Authorization: 'Bearer known-abcd' }],
    ];
    const statuses: number[] = [];
    for (const [tail, headers] of cases) {
      const [chain, one] = [
        await hono.request(`/chain/${tail}`, { headers }),
        await hono.request(`/one/${tail}`, { headers }),
      ];
      expect(one.status, `${tail} ${JSON.stringify(headers)}`).toBe(chain.status);
      expect(await one.json(), tail).toEqual(await chain.json());
      statuses.push(one.status);
    }
    expect(statuses).toEqual([401, 401, 401, 403, 403, 400, 400, 200, 200]);
  });

  it('is one Hono handler, documented like the chained route', async () => {
    const hono = app(fakeVerifier().verify);
    expect(hono.routes.filter((route) => route.path === '/one/:userId')).toHaveLength(1);
    expect(hono.routes.filter((route) => route.path === '/chain/:userId').length).toBeGreaterThan(1);
    const doc = (await (await hono.request('/doc')).json()) as { paths: Record<string, unknown> };
    expect(doc.paths['/one/{userId}']).toEqual(doc.paths['/chain/{userId}']);
  });

  it('answers a known token without calling the verifier, and verifies any other', async () => {
    const { verify, calls } = fakeVerifier();
    const hono = app(verify);
    const known = await hono.request('/one/abcd', { headers: { Authorization: 'Bearer known-abcd' } });
    expect(await known.json()).toMatchObject({ user: 'abcd' });
    expect(calls).toEqual([]);
    const verified = await hono.request('/one/abcd', { headers: { Authorization: 'Bearer ok-abcd' } });
    expect(await verified.json()).toMatchObject({ user: 'abcd' });
    expect(calls).toEqual(['ok-abcd']);
  });

  it('refuses a route that keeps middleware or has a body', () => {
    const hono = new OpenAPIHono<AppEnv>();
    const { verify } = fakeVerifier();
    expect(() => withOneHandler(hono, routeAt('/x/{userId}', true, verify), ownerGuard(verify))).toThrow(
      /replaces the middleware/,
    );
    const withBody = createRoute({
      method: 'post',
      path: '/y',
      request: { body: { content: { 'application/json': { schema: z.object({}) } } } },
      responses: { 200: jsonContent(z.object({}), 'ok') },
    });
    expect(() => withOneHandler(hono, withBody, ownerGuard(verify))).toThrow(/only params and query/);
  });
});

describe('withRevocationCheck.known', () => {
  const check = (innerKnows: boolean, state: SessionState | undefined) => {
    const inner: TokenVerifier = async () => userOf('u1');
    if (innerKnows) inner.known = () => userOf('u1');
    return withRevocationCheck(inner, {
      sessionState: async () => state ?? 'active',
      knownState: () => state,
    });
  };

  it('knows a token only when the signature is cached and the session is known active', () => {
    expect(check(true, 'active').known?.('t')).toEqual(userOf('u1'));
    expect(check(false, 'active').known?.('t')).toBeUndefined();
    expect(check(true, undefined).known?.('t')).toBeUndefined();
    expect(check(true, 'revoked').known?.('t')).toBeUndefined();
    // Even for the deletion route: that state always goes through the full check.
    expect(check(true, 'account-deleting').known?.('t', { duringAccountDeletion: true })).toBeUndefined();
  });

  it('still refuses through the full check what it does not know', async () => {
    await expect(check(true, 'revoked')('t')).rejects.toMatchObject({ status: 401 });
    await expect(check(true, 'account-deleted')('t')).rejects.toMatchObject({ status: 401 });
  });
});
