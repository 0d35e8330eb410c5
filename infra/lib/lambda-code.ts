import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import type { LambdaName } from './lambda-bundling';
import { REPO_ROOT } from './repo-paths';

const BUNDLE_SCRIPT = path.join(REPO_ROOT, 'infra', 'bin', 'bundle-lambdas.ts');

/**
 * A Lambda's code asset, bundled on this machine by `bundle-lambdas.ts --asset` (esbuild's API with the
 * options of lambda-bundling.ts). A child process because CDK's local bundling is synchronous and esbuild
 * runs plugins only in its asynchronous API. Never Docker: the image named here is never pulled, since
 * local bundling always succeeds or throws. Hashed on the output, like NodejsFunction, so an unchanged
 * bundle is not uploaded again.
 */
export function lambdaCode(name: LambdaName): Code {
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('local-bundling-only'),
      local: {
        tryBundle(outputDir) {
          const result = spawnSync(
            process.execPath,
            ['--import', 'tsx', BUNDLE_SCRIPT, '--asset', outputDir, name],
            { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
          );
          if (result.status !== 0) {
            throw new Error(`Bundling the ${name} Lambda failed (exit ${result.status ?? result.signal})`);
          }
          return true;
        },
      },
    },
  });
}
