import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env';
import { errorResponses, jsonContent, withSyncValidation } from './openapi-helpers';
import { validationHook } from '../errors/error-handler';

const routeAt = (path: string) =>
  createRoute({
    method: 'get',
    path,
    summary: 'A route with params and a query',
    request: {
      params: z.object({ userId: z.string().min(3).max(8) }),
      query: z.object({ if_missing: z.enum(['null']).optional(), n: z.coerce.number().int().optional() }),
    },
    responses: { 200: jsonContent(z.object({}).passthrough(), 'ok'), ...errorResponses },
  });

function app() {
  const hono = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const handler = (c: Parameters<Parameters<typeof hono.openapi>[1]>[0]) =>
    c.json({ param: c.req.valid('param' as never), query: c.req.valid('query' as never) }, 200);
  hono.openapi(routeAt('/zod/{userId}'), handler);
  hono.openapi(withSyncValidation(hono, routeAt('/sync/{userId}')), handler);
  hono.doc31('/doc', { openapi: '3.1.0', info: { title: 't', version: '1' } });
  return hono;
}

describe('withSyncValidation', () => {
  it("validates params and query like zod-openapi's validators: same answers, same 400s", async () => {
    const hono = app();
    for (const tail of [
      'abcd',
      'abcd?if_missing=null&n=4',
      'ab',
      'abcd?if_missing=x',
      'ab?n=x',
      'abcd?n=1&n=2',
    ]) {
      const [zod, sync] = [await hono.request(`/zod/${tail}`), await hono.request(`/sync/${tail}`)];
      expect(sync.status, tail).toBe(zod.status);
      expect(await sync.json(), tail).toEqual(await zod.json());
    }
    expect((await hono.request('/sync/ab')).status).toBe(400);
    expect(await (await hono.request('/sync/abcd?n=4')).json()).toEqual({
      param: { userId: 'abcd' },
      query: { n: 4 },
    });
  });

  it('documents the route exactly as before', async () => {
    const doc = (await (await app().request('/doc')).json()) as { paths: Record<string, unknown> };
    expect(doc.paths['/sync/{userId}']).toEqual(doc.paths['/zod/{userId}']);
    expect(JSON.stringify(doc.paths['/sync/{userId}'])).toContain('if_missing');
  });
});
