/**
 * Chunks for what every page runs before its own code. Left alone, rolldown gives each module that the
 * entry shares with a lazy chunk a chunk of its own: 16 files before the landing page could run and 24
 * before an account screen, many under 1 KB, each a request (six at a time over HTTP/1.1). Grouped, React
 * and the router make one chunk and the app's small shared modules another. Every module named here is
 * imported statically by the entry, so no page loads more than before (bench/README.md, `lighthouse`).
 */

/** Packages the entry renders with. */
const REACT_PACKAGES = ['react', 'react-dom', 'scheduler', 'react-router'];

/** The app's small modules the entry and the lazy screens share (paths from the repository root). */
const APP_COMMON_MODULES = [
  'frontend/src/lib/route-path',
  'frontend/src/lib/runtime-config-error',
  'frontend/src/lib/runtime-config-early',
  'frontend/src/lib/chunk-load',
  'frontend/src/components/ui/centered-status',
  'frontend/src/components/ui/logo',
  'frontend/src/app/preloadable-lazy',
  // The dashboard's remembered heading, which the entry paints (docs/decisions/188), and what it reads.
  'frontend/src/lib/remembered-dashboard',
  'frontend/src/lib/stored-tokens',
  'frontend/src/lib/jwt',
  'shared/client-timings',
  'shared/brand',
  'shared/auth-messages',
  // /plans' terms dialog and setup's opening step, which the entry paints too (docs/decisions/188).
  'frontend/src/lib/terms-dialog-due',
  'frontend/src/lib/remembered-setup-step',
  'shared/terms-dialog',
  'shared/setup-screen-texts',
  'shared/signup-rules',
];

/**
 * Per account screen, its texts and rules that its forms' checks (loaded on demand: onDemand in
 * lib/chunk-load.ts) also import. rolldown would give each a chunk of its own, one more request each on the
 * screen's first load; together they make one. Only these modules: their own imports stay where they were
 * (so /plans, which shares the sign-up rules the notification texts use, loads nothing of the dashboard's).
 * Each is imported by its screen alone.
 */
const SCREEN_SHARED_MODULES = {
  'dashboard-shared': ['shared/get-paid', 'shared/receptionist/deposits', 'shared/notifications'],
  'setup-shared': [
    'shared/personality',
    'shared/setup-messages',
    'shared/area-codes',
    'shared/receptionist/time-zones',
  ],
};

const normalise = (id: string) => id.replace(/\\/g, '/');

export const isReactModule = (id: string) =>
  REACT_PACKAGES.some((name) => normalise(id).includes(`/node_modules/${name}/`));

const isAppModuleIn = (names: string[], id: string) => {
  const path = normalise(id);
  if (path.includes('/node_modules/') || !/\.tsx?$/.test(path)) return false;
  const module = path.replace(/\.tsx?$/, '');
  return names.some((name) => module.endsWith(`/${name}`));
};

export const isAppCommonModule = (id: string) =>
  // Vite's own helper behind every lazy import().
  normalise(id).endsWith('vite/preload-helper.js') || isAppModuleIn(APP_COMMON_MODULES, id);

export const isScreenSharedModule = (group: keyof typeof SCREEN_SHARED_MODULES, id: string) =>
  isAppModuleIn(SCREEN_SHARED_MODULES[group], id);

/** rolldown's `output.codeSplitting.groups`. */
export const ENTRY_CHUNK_GROUPS = [
  { name: 'react', test: isReactModule },
  { name: 'app-common', test: isAppCommonModule },
  ...(Object.keys(SCREEN_SHARED_MODULES) as Array<keyof typeof SCREEN_SHARED_MODULES>).map((name) => ({
    name,
    test: (id: string) => isScreenSharedModule(name, id),
    includeDependenciesRecursively: false,
  })),
];
