import { describe, expect, it } from 'vitest';
import { isAppCommonModule, isReactModule, isScreenSharedModule } from './entry-chunk-groups';

describe('entry chunk groups', () => {
  it('puts React, React DOM, the scheduler and the router in the react chunk, and no look-alike package', () => {
    expect(isReactModule('/repo/node_modules/react/cjs/react.production.js')).toBe(true);
    expect(isReactModule('/repo/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(true);
    expect(isReactModule('/repo/node_modules/scheduler/index.js')).toBe(true);
    expect(isReactModule('/repo/node_modules/react-router/dist/index.mjs')).toBe(true);
    expect(isReactModule('C:\\repo\\node_modules\\react\\index.js')).toBe(true);
    expect(isReactModule('/repo/node_modules/react-hook-form/dist/index.esm.mjs')).toBe(false);
    expect(isReactModule('/repo/node_modules/@tanstack/react-query/build/modern/index.js')).toBe(false);
  });

  it('puts only the named app modules and Vite’s preload helper in app-common', () => {
    expect(isAppCommonModule('/repo/frontend/src/lib/route-path.ts')).toBe(true);
    expect(isAppCommonModule('/repo/frontend/src/components/ui/logo.tsx')).toBe(true);
    expect(isAppCommonModule('C:\\repo\\shared\\brand.ts')).toBe(true);
    expect(isAppCommonModule('\0vite/preload-helper.js')).toBe(true);
    // Neighbours and tests of those modules stay where rolldown puts them.
    expect(isAppCommonModule('/repo/frontend/src/components/ui/logo-mark.tsx')).toBe(false);
    expect(isAppCommonModule('/repo/frontend/src/lib/route-path.test.ts')).toBe(false);
    expect(isAppCommonModule('/repo/frontend/src/lib/api-client.ts')).toBe(false);
    expect(isAppCommonModule('/repo/node_modules/some-lib/shared/brand.ts')).toBe(false);
  });

  it('puts a screen’s modules that its on-demand chunks share in the screen’s group, and nothing else', () => {
    expect(isScreenSharedModule('dashboard-shared', '/repo/shared/get-paid.ts')).toBe(true);
    expect(isScreenSharedModule('dashboard-shared', '/repo/shared/notifications.ts')).toBe(true);
    expect(isScreenSharedModule('dashboard-shared', '/repo/shared/schemas/get-paid.ts')).toBe(false);
    expect(isScreenSharedModule('dashboard-shared', '/repo/shared/personality.ts')).toBe(false);
    expect(isScreenSharedModule('setup-shared', '/repo/shared/personality.ts')).toBe(true);
    expect(isScreenSharedModule('setup-shared', '/repo/frontend/src/lib/route-path.ts')).toBe(false);
  });
});
