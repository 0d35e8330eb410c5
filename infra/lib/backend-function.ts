import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LAMBDA_ENTRIES, LAMBDA_RUNTIME, NODEJS_FUNCTION_BUNDLING, type LambdaName } from './lambda-bundling';
import { REPO_ROOT } from './repo-paths';

export interface BackendFunctionProps {
  readonly lambda: LambdaName;
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly environment: Record<string, string>;
}

/**
 * A backend Lambda: Node 24 on arm64 (cheaper per GB-second than x86), bundled locally by esbuild with
 * the options in lambda-bundling.ts, logging to its own log group with a bounded retention.
 */
export class BackendFunction extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: BackendFunctionProps) {
    super(scope, id);

    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.function = new NodejsFunction(this, 'Function', {
      description: props.description,
      entry: path.join(REPO_ROOT, LAMBDA_ENTRIES[props.lambda]),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      bundling: NODEJS_FUNCTION_BUNDLING,
      logGroup,
      environment: {
        ...props.environment,
        // The bundle ships a source map; this makes stack traces point at the TypeScript sources.
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
  }
}
