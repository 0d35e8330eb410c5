import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { AssetHashType, DockerImage, Stack, Stage, type CfnResource } from 'aws-cdk-lib';
import { Code, type AssetCode, type CodeConfig, type ResourceBindOptions } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { LAMBDA_ENTRY_FILE, LAMBDA_NAMES, type LambdaName } from './lambda-bundling';
import { REPO_ROOT } from './repo-paths';

const BUNDLE_SCRIPT = path.join(REPO_ROOT, 'infra', 'bin', 'bundle-lambdas.ts');

/** Where the bundles are written before CDK stages them as assets: inside the cloud assembly's directory. */
export const LAMBDA_BUNDLES_DIR = 'lambda-bundles';

/**
 * A Lambda's code asset: the function's own esbuild bundle (lambda-bundling.ts), built first into a directory
 * of its own and then handed to CDK as a plain directory asset (docs/decisions/159-lambda-assets-per-function.md).
 *
 * Not `Code.fromAsset(REPO_ROOT, { bundling: { local: { tryBundle } } })`: CDK memoizes assets by a key made
 * with JSON.stringify of the asset options, which drops the `tryBundle` function, so every function's asset
 * got the key of the first one bundled and all four shipped the API's code. Here each asset's source is a
 * different directory and its hash is its content, so no two functions can share an asset unless their
 * bundles are byte for byte the same; nothing rests on what CDK's cache key happens to include.
 *
 * Bundled in a child process: CDK's constructs are synchronous and esbuild runs plugins only in its
 * asynchronous API. Never Docker.
 */
export function lambdaCode(name: LambdaName): Code {
  return new LambdaBundleCode(name);
}

class LambdaBundleCode extends Code {
  readonly isInline = false;
  private asset: AssetCode | undefined;

  constructor(private readonly lambda: LambdaName) {
    super();
  }

  bind(scope: Construct): CodeConfig {
    this.asset ??= Stack.of(scope).bundlingRequired
      ? Code.fromAsset(bundledDir(scope, this.lambda))
      : unbundledPlaceholder();
    return this.asset.bind(scope);
  }

  override bindToResource(resource: CfnResource, options?: ResourceBindOptions): void {
    this.asset?.bindToResource(resource, options);
  }
}

/**
 * Every Lambda is bundled once per synth (one child process, the bundles built side by side) into
 * `<assembly>/lambda-bundles/<function>`, and each stack of the app stages its assets from there: the code
 * does not differ between stages, only the environment does. A fixed depth under the assembly keeps the source
 * maps' relative paths, and with them the asset hashes, the same from one synth to the next, so an unchanged
 * function is not uploaded again.
 */
const bundled = new Map<LambdaName, string>();

function bundledDir(scope: Construct, name: LambdaName): string {
  const known = bundled.get(name);
  if (known && existsSync(path.join(known, LAMBDA_ENTRY_FILE))) return known;
  const outdir = Stage.of(scope)?.outdir;
  if (!outdir) throw new Error(`The ${name} Lambda must be defined inside a CDK App or Stage`);
  const root = path.join(outdir, LAMBDA_BUNDLES_DIR);
  // Emptied first: esbuild names chunks by content hash, so a previous synth's chunks would otherwise stay
  // beside the new ones and ship in the asset.
  for (const lambda of LAMBDA_NAMES) rmSync(path.join(root, lambda), { recursive: true, force: true });
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', BUNDLE_SCRIPT, '--assets', root, ...LAMBDA_NAMES],
    { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) {
    throw new Error(`Bundling the Lambdas failed (exit ${result.status ?? result.signal})`);
  }
  for (const lambda of LAMBDA_NAMES) bundled.set(lambda, path.join(root, lambda));
  return bundled.get(name)!;
}

/**
 * A stack synthesized without bundling (`aws:cdk:bundling-stacks` leaves it out: `cdk deploy` of another
 * stage, template-only tests) gets CDK's own placeholder for a skipped bundle, which never runs and names
 * each function's asset after its construct path.
 */
function unbundledPlaceholder(): AssetCode {
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('bundling-skipped'),
      local: {
        tryBundle() {
          throw new Error('Reached only when bundling is required, and then lambdaCode bundles itself');
        },
      },
    },
  });
}
