import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Function as LambdaFunction, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LAMBDA_RUNTIME, type LambdaName } from './lambda-bundling';
import { lambdaCode } from './lambda-code';

export interface BackendFunctionProps {
  readonly lambda: LambdaName;
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly environment: Record<string, string>;
}

/**
 * A backend Lambda: Node 24 on arm64 (cheaper per GB-second than x86), bundled locally by esbuild with
 * the options in lambda-bundling.ts (lambda-code.ts), logging to its own log group with a bounded retention,
 * and traced by X-Ray (active tracing: Lambda samples and records each invocation's init and handler time with
 * no SDK in the bundle; docs/decisions/161-least-privilege-and-tracing.md). API Gateway's HTTP and WebSocket
 * APIs have no X-Ray tracing (only REST APIs do), so a trace starts at the function.
 */
export class BackendFunction extends Construct {
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: BackendFunctionProps) {
    super(scope, id);

    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.function = new LambdaFunction(this, 'Function', {
      description: props.description,
      code: lambdaCode(props.lambda),
      handler: 'index.handler',
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      logGroup,
      tracing: Tracing.ACTIVE,
      // No NODE_OPTIONS: stack traces name the TypeScript sources through the bundle's own source maps,
      // read when a stack is first written (source-mapped-stacks.ts), not Node's `--enable-source-maps`,
      // which reads every module's map at load, on every cold start (docs/decisions/186-cold-start.md).
      environment: props.environment,
    });
  }
}
