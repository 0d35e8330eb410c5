import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '@shared/runtime-config';
import { RUNTIME_CONFIG_PATH } from '@shared/site-files';
import type { WebSite } from './web';

export interface SiteDeploymentProps {
  readonly site: WebSite;
  /** The Vite build output (frontend/dist). */
  readonly buildDir: string;
  /** Served as /config.json; its values are resolved at deploy time from the stack's resources. */
  readonly runtimeConfig: RuntimeConfig;
}

/** Vite puts content-hashed bundles here; every other file keeps its name from build to build. */
const HASHED_ASSETS_DIR = 'assets';

/**
 * Source maps would publish the app's original source next to it (issue 10 §10). The build makes none
 * (frontend/vite.config.ts); this keeps a map that appears anyway (a debug build) out of the bucket.
 */
export const UNPUBLISHED_FILES = ['*.map', '**/*.map'];

/** A build is usable only if it has its entry page. */
export const isWebBuildPresent = (buildDir: string): boolean => existsSync(path.join(buildDir, 'index.html'));

/**
 * Uploads the SPA and its generated config.json. Two uploads because the files need opposite caching:
 * hashed bundles never change (cached for a year, never pruned, so a tab opened before a deploy can still
 * load its chunks), while index.html and config.json must be revalidated on every visit.
 */
export class SiteDeployment extends Construct {
  constructor(scope: Construct, id: string, props: SiteDeploymentProps) {
    super(scope, id);

    const { bucket, distribution } = props.site;
    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_WEEK,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const hashedDir = path.join(props.buildDir, HASHED_ASSETS_DIR);
    const hashed = existsSync(hashedDir)
      ? new BucketDeployment(this, 'HashedAssets', {
          sources: [Source.asset(hashedDir, { exclude: UNPUBLISHED_FILES })],
          destinationBucket: bucket,
          destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
          prune: false,
          cacheControl: [
            CacheControl.setPublic(),
            CacheControl.maxAge(Duration.days(365)),
            CacheControl.immutable(),
          ],
          memoryLimit: 512,
          logGroup,
        })
      : undefined;

    const shell = new BucketDeployment(this, 'Shell', {
      sources: [
        Source.asset(props.buildDir, { exclude: [HASHED_ASSETS_DIR, ...UNPUBLISHED_FILES] }),
        Source.jsonData(RUNTIME_CONFIG_PATH.replace(/^\//, ''), props.runtimeConfig),
      ],
      destinationBucket: bucket,
      // Prune stale top-level files but leave the hashed bundles to the upload above.
      prune: true,
      exclude: [`${HASHED_ASSETS_DIR}/*`],
      cacheControl: [CacheControl.noCache()],
      distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });

    // index.html must never reference a bundle that is not uploaded yet.
    if (hashed) shell.node.addDependency(hashed);
  }
}
