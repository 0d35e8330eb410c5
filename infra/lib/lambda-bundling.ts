import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { REPO_ROOT } from './repo-paths';

/**
 * One description of how a backend Lambda is bundled, read by the CDK stack (NodejsFunction) and by
 * `infra/bin/bundle-lambdas.ts` (esbuild's own API), so a measured bundle is the bundle that ships.
 */

/** The Lambda entry points, relative to the repository root. */
export const LAMBDA_ENTRIES = {
  api: 'backend/src/lambda.ts',
  websocket: 'backend/src/ws-lambda.ts',
} as const;
export type LambdaName = keyof typeof LAMBDA_ENTRIES;

/**
 * nodejs24.x, not 20.x: AWS deprecated nodejs20.x on 2026-04-30 and then blocks creating functions on it
 * (docs/decisions/002-infrastructure.md). Handlers must be async on this runtime. The esbuild target
 * follows the runtime.
 */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
export const LAMBDA_NODE_TARGET = 'node24';

/**
 * ESM output has no `require`; some CommonJS dependencies still call it for Node built-ins. The aliased
 * import keeps the banner from clashing with a bundled module's own `createRequire` import.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __bannerCreateRequire } from 'node:module'; const require = __bannerCreateRequire(import.meta.url);";

/** The Lambda runtime ships AWS SDK v3; bundling it would only add size and cold-start time. */
export const LAMBDA_EXTERNAL_MODULES = ['@aws-sdk/*'];

const TSCONFIG = path.join(REPO_ROOT, 'tsconfig.json');
/** Prefer ES module builds of dependencies: better tree shaking in ESM output. */
const MAIN_FIELDS = ['module', 'main'];

/** Options for NodejsFunction; always bundles with the local esbuild (no Docker). */
export const NODEJS_FUNCTION_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: LAMBDA_NODE_TARGET,
  minify: true,
  sourceMap: true,
  // Stack traces map to file:line without shipping the sources inside the zip.
  sourcesContent: false,
  mainFields: MAIN_FIELDS,
  banner: ESM_REQUIRE_BANNER,
  // Root tsconfig, so the `@shared/*` path alias resolves exactly as in the editor and in vitest.
  tsconfig: TSCONFIG,
  externalModules: LAMBDA_EXTERNAL_MODULES,
  // Warnings and errors only: no size summary per bundle in every synth and test run.
  logLevel: LogLevel.WARNING,
  forceDockerBundling: false,
};

/** The same bundle through esbuild's API (what NodejsFunction runs on the command line). */
export function lambdaEsbuildOptions(name: LambdaName, outfile: string): BuildOptions {
  return {
    entryPoints: [path.join(REPO_ROOT, LAMBDA_ENTRIES[name])],
    outfile,
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_NODE_TARGET,
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    mainFields: MAIN_FIELDS,
    banner: { js: ESM_REQUIRE_BANNER },
    tsconfig: TSCONFIG,
    external: LAMBDA_EXTERNAL_MODULES,
    logLevel: 'warning',
    metafile: true,
  };
}
