import { describe, expect, it } from 'vitest';
import { createApp } from '../../backend/src/entry/app';
import { SIGNED_WEBHOOK_PATHS } from '../../backend/src/platform/http/webhook-paths';
import { createTestApp } from '../support/test-app';

/**
 * The edge (WAF exemptions, per-route webhook throttles) names webhooks by exact path from webhook-paths.ts.
 * If the app served a webhook that list lacks, WAF's body rules would inspect (and could block) a signed
 * vendor request; if the list named a path the app does not serve, it would exempt a path for nothing.
 */
describe('signed webhook paths', async () => {
  const { deps } = await createTestApp({ LOCAL_PROVIDERS: 'false' });

  it('are exactly the webhook routes the full app serves, each a POST', () => {
    const routes = createApp(deps, 'all').routes.filter(
      (route) => route.method !== 'ALL' && route.path.startsWith('/webhooks/'),
    );
    expect([...new Set(routes.map((route) => `${route.method} ${route.path}`))].sort()).toEqual(
      SIGNED_WEBHOOK_PATHS.map((path) => `POST ${path}`).sort(),
    );
  });

  it('have no duplicates and no parameters (each is matched exactly at the edge)', () => {
    expect(new Set(SIGNED_WEBHOOK_PATHS).size).toBe(SIGNED_WEBHOOK_PATHS.length);
    for (const path of SIGNED_WEBHOOK_PATHS) expect(path).toMatch(/^\/webhooks\/[a-z/-]+$/);
  });
});
