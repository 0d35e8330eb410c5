import { describe, expect, it } from 'vitest';
import { staticGraph } from '../../../../tests/support/static-import-graph';

/**
 * The dashboard opens on its Overview (issue 16 §5): the seven other tabs and the in-browser test call load
 * when the owner opens them, so their code (and the setup modules some of them share) is not evaluated
 * before the Overview's first paint. A static import of one of them from the page or the Overview would
 * bring it back without any functional test noticing; this walks the graph so it fails here.
 */
describe('the dashboard loads the Overview only', () => {
  const graph = staticGraph(['frontend/src/features/dashboard/components/dashboard-page.tsx']);

  it('walks the real graph (the Overview and its panels are in it)', () => {
    expect(graph.files).toContain('frontend/src/features/dashboard/components/tabs/overview-tab.tsx');
    expect(graph.files).toContain('frontend/src/features/dashboard/components/test-chat/test-chat-panel.tsx');
  });

  it('reaches no other tab and not the test call panel statically', () => {
    const lazyModules = [
      'tabs/appointments-tab.tsx',
      'call-log/call-log-tab.tsx',
      'tabs/objectives-tab.tsx',
      'tabs/analytics-tab.tsx',
      'notifications/notifications-tab.tsx',
      'tabs/subscription-tab.tsx',
      'tabs/referrals-tab.tsx',
      'test-call/test-call-panel.tsx',
    ];
    expect(
      graph.files.filter((file) => lazyModules.some((name) => file.endsWith(`/components/${name}`))),
    ).toEqual([]);
  });
});
