/**
 * The import boundaries of backend/, frontend/ and shared/ (docs/decisions/171-backend-by-capability.md),
 * checked by `npm run lint:boundaries`, which `npm test` runs. Layers, lowest first:
 * shared/ < backend platform/ < providers/ < capabilities/ < entry/ (and local/ beside entry).
 * Test files are local entry points: they may reach any file they test.
 */
const NOT_TESTS = '\\.test\\.tsx?$';
const BACKEND = '^backend/src/';
/**
 * Second public entries, each named here: what a cold function needs of a capability without what its
 * index also loads. The receptionist's conversation start answers a call without the engine, its tools and
 * its model; the voice capability's first ring answers an incoming call without the call's Hono routes,
 * and claims the call's recording without the recordings' webhook routes (docs/decisions/186-cold-start.md).
 */
const LIGHT_ENTRIES = `${BACKEND}capabilities/(receptionist/conversation-start|voice/first-ring|recordings/start-recording)\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No module may depend on itself through others (a cycle of value imports).',
      severity: 'error',
      from: { pathNot: NOT_TESTS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-type-cycles',
      comment:
        'Nor through type-only imports: they load nothing, but a cycle of names is coupling all the same (decision 171 says how the last ones were cut).',
      severity: 'error',
      from: { pathNot: NOT_TESTS },
      to: { circular: true },
    },
    {
      name: 'shared-imports-neither-side',
      comment: "The repo's shared/ is imported by both sides and imports neither.",
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(backend|frontend|infra|scripts|tests)/' },
    },
    {
      name: 'phone-numbers-through-the-helper',
      comment:
        'Phone numbers are read, checked and written by shared/phone/ only (decision 166): one rule per purpose, one metadata bundle.',
      severity: 'error',
      from: { pathNot: '^shared/phone/' },
      to: { path: '(^|/)node_modules/libphonenumber-js/' },
    },
    {
      name: 'platform-imports-no-higher-layer',
      comment: 'platform/ is what every capability uses: it imports only platform/ and shared/.',
      severity: 'error',
      from: { path: `${BACKEND}platform/`, pathNot: NOT_TESTS },
      to: { path: `${BACKEND}(providers|capabilities|entry|local)/` },
    },
    {
      name: 'providers-import-no-capability',
      comment: 'providers/ (ports, vendor adapters, choosers) import platform/ and shared/ only.',
      severity: 'error',
      from: { path: `${BACKEND}providers/`, pathNot: NOT_TESTS },
      to: { path: `${BACKEND}(capabilities|entry|local)/` },
    },
    {
      name: 'adapters-import-their-port-only',
      comment:
        "A vendor adapter imports its kind's port.ts, never the chooser: choose.ts -> adapter -> port.",
      severity: 'error',
      from: { path: `${BACKEND}providers/([^/]+)/`, pathNot: [NOT_TESTS, 'choose\\.ts$'] },
      to: { path: `${BACKEND}providers/$1/choose\\.ts$` },
    },
    {
      name: 'capabilities-import-no-entry-or-local',
      comment: 'A capability never imports the wiring (entry/) or a stand-in (local/).',
      severity: 'error',
      from: { path: `${BACKEND}capabilities/`, pathNot: NOT_TESTS },
      to: { path: `${BACKEND}(entry|local)/` },
    },
    {
      name: 'capability-through-its-index',
      comment:
        "Another capability's code is reached only through its index.ts, which exports what others may use.",
      severity: 'error',
      from: { path: `${BACKEND}capabilities/([^/]+)/`, pathNot: NOT_TESTS },
      to: {
        path: `${BACKEND}capabilities/`,
        pathNot: [
          `${BACKEND}capabilities/$1/`,
          `${BACKEND}capabilities/[^/]+/(records/)?index\\.ts$`,
          LIGHT_ENTRIES,
        ],
      },
    },
    {
      name: 'records-are-the-lowest-capability-layer',
      comment:
        "A capability's records/ (its repositories and stored shapes) import only platform/, providers/, shared/ and other capabilities' records, so any capability may read them without a cycle.",
      severity: 'error',
      from: { path: `${BACKEND}capabilities/[^/]+/records/`, pathNot: NOT_TESTS },
      to: { path: `${BACKEND}capabilities/`, pathNot: `${BACKEND}capabilities/[^/]+/records/` },
    },
    {
      name: 'outside-capabilities-through-index',
      comment: 'The wiring and the stand-ins reach a capability through its index.ts too.',
      severity: 'error',
      from: { path: `${BACKEND}(entry|local)/`, pathNot: NOT_TESTS },
      to: {
        path: `${BACKEND}capabilities/[^/]+/`,
        pathNot: [`${BACKEND}capabilities/[^/]+/(index|routes|records/index)\\.ts$`, LIGHT_ENTRIES],
      },
    },
    {
      name: 'local-only-from-local-entry-points',
      comment:
        'Stand-ins are built only by the local entry points (the Node server, the ops CLI against a local stack); tests, scripts and the bench are local too.',
      severity: 'error',
      from: {
        path: BACKEND,
        pathNot: [`${BACKEND}local/`, `${BACKEND}entry/(server|ops/ops-cli)\\.ts$`, NOT_TESTS],
      },
      to: { path: `${BACKEND}local/` },
    },
    {
      name: 'local-reaches-entry-for-types-only',
      comment: 'A stand-in may name the wiring types it plugs into, never run the wiring.',
      severity: 'error',
      from: { path: `${BACKEND}local/`, pathNot: NOT_TESTS },
      to: { path: `${BACKEND}entry/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'lambda-entries-never-build-stand-ins',
      comment: 'What a Lambda function loads holds no stand-in (the artifact test checks the bundles too).',
      severity: 'error',
      from: {
        path: `${BACKEND}entry/(lambda|lambda-init|telephony-lambda|ws-lambda|notifications-lambda)\\.ts$`,
      },
      to: { path: `${BACKEND}local/`, reachable: true },
    },
    {
      name: 'feature-through-its-public-entry',
      comment: "A frontend feature imports another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/', pathNot: NOT_TESTS },
      to: {
        path: '^frontend/src/features/',
        pathNot: ['^frontend/src/features/$1/', '^frontend/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'components-import-no-feature',
      comment:
        'frontend/src/components/ are shared building blocks: they import no feature and not the app shell.',
      severity: 'error',
      from: { path: '^frontend/src/components/' },
      to: { path: '^frontend/src/(features|app)/' },
    },
    {
      name: 'lib-imports-no-feature',
      comment:
        'frontend/src/lib/ (API client, config, logger) sits below the UI: no feature, component or app shell.',
      severity: 'error',
      from: { path: '^frontend/src/lib/', pathNot: NOT_TESTS },
      to: { path: '^frontend/src/(features|components|app)/' },
    },
  ],
  options: {
    // Packages stay in the graph as leaves (not followed), so that a rule can name one.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(cdk\\.out|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    combinedDependencies: false,
  },
};
