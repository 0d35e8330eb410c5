import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type Plugin } from 'esbuild';
import { LAMBDA_ENTRY_FILE, lambdaEsbuildOptions, type LambdaName } from './lambda-bundling';
import { REPO_ROOT } from './repo-paths';

/**
 * How many zod schemas a Lambda's init builds, and where: each costs about 3.5 µs to construct, and a
 * telephony function's init built thousands a first ring never parses (docs/decisions/186-cold-start.md).
 * The bundle is the shipped one (same options) with one line added to zod's constructor, which runs once per
 * trait of a schema (a string schema is a ZodString, a $ZodString and a $ZodType): `traits` counts those runs,
 * the unit decision 186 counted in, `instances` the schemas. Counted by the test that keeps the count down and by `npx tsx
 * infra/lib/zod-instance-probe.ts telephony` (by module).
 */
const countingZod: Plugin = {
  name: 'counting-zod',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const hooked = source.replace(
        'function init(inst, def) {',
        'function init(inst, def) {\n        globalThis.__zodInit?.(!inst._zod);',
      );
      if (hooked === source) throw new Error("zod's constructor changed: update the counting hook");
      // Its directory, for the copy of zod that zodMiniOwnCopy (lambda-bundling.ts) loads in its namespace.
      return { contents: hooked, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

/** The probe: counts while the bundle's init runs; by module, the first frame in this repository's source. */
const PROBE = `
const byModule = new Map();
let traits = 0;
let instances = 0;
const perModule = process.env.ZOD_BY_MODULE === '1';
globalThis.__zodInit = (isNew) => {
  traits += 1;
  if (isNew) instances += 1;
  if (!perModule) return;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 80;
  const frames = new Error().stack.split('\\n').slice(2);
  Error.stackTraceLimit = limit;
  const root = process.env.REPO_ROOT + '/';
  const own = frames.find((frame) => frame.includes(root) && !frame.includes('/node_modules/'));
  const file = own ? own.slice(own.indexOf(root) + root.length).replace(/:\\d+:\\d+\\)?$/, '') : '(dependencies)';
  byModule.set(file, (byModule.get(file) ?? 0) + 1);
};
await import(process.env.BUNDLE_URL);
console.log(JSON.stringify({ traits, instances, byModule: Object.fromEntries([...byModule].sort((a, b) => b[1] - a[1])) }));
`;

/** Enough configuration for a function's init (as the bench's cold init): nothing is contacted. */
export const COLD_INIT_ENV = {
  APP_ENV: 'test',
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'cold-start-probe',
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
  PUBLIC_API_URL: 'https://api.cold-start.invalid',
  COGNITO_USER_POOL_ID: 'local_cold_start',
  COGNITO_CLIENT_ID: 'cold-start-client',
  COGNITO_ISSUER: 'http://127.0.0.1:9/local_cold_start',
  COGNITO_JWKS_URL: 'http://127.0.0.1:9/local_cold_start/.well-known/jwks.json',
  LOCAL_PROVIDERS: 'false',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(31)}1`,
  TWILIO_AUTH_TOKEN: 'cold-start-auth-token',
  OPENAI_API_KEY: 'sk-cold-start-never-sent',
  STRIPE_SECRET_KEY: 'sk_test_cold_start_never_sent',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
} as const;

/** `byModule` (trait runs by the repository file that built the schema) only when asked for. */
export type ZodInstanceCount = { traits: number; instances: number; byModule: Record<string, number> };

/** Bundles the function with the counting hook into `outdir` and imports it once in a fresh process. */
export async function zodInstancesAtInit(
  name: LambdaName,
  outdir: string,
  options: { byModule?: boolean } = {},
): Promise<ZodInstanceCount> {
  const base = lambdaEsbuildOptions(name, outdir);
  await build({ ...base, metafile: false, plugins: [countingZod, ...(base.plugins ?? [])] });
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...(options.byModule ? ['--enable-source-maps'] : []), '--input-type=module', '-e', PROBE],
    {
      cwd: REPO_ROOT,
      maxBuffer: 8 * 1024 * 1024,
      env: {
        PATH: process.env.PATH,
        ...COLD_INIT_ENV,
        REPO_ROOT,
        ZOD_BY_MODULE: options.byModule ? '1' : '0',
        BUNDLE_URL: pathToFileURL(path.join(outdir, LAMBDA_ENTRY_FILE)).href,
      },
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as ZodInstanceCount;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const name = (process.argv[2] ?? 'telephony') as LambdaName;
  const outdir = path.join(REPO_ROOT, '.local', 'zod-instances', name);
  const { traits, instances, byModule } = await zodInstancesAtInit(name, outdir, { byModule: true });
  console.log(`${name}: ${instances} zod schemas (${traits} trait constructions) at init`);
  for (const [file, count] of Object.entries(byModule)) console.log(String(count).padStart(6), file);
}
