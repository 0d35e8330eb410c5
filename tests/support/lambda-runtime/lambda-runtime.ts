import { fork, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderToken } from '../../../infra/test-support';
import type { DeployedFunction } from './cloud-assembly';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const RUNTIME_CHILD = path.join(import.meta.dirname, 'runtime-child.mjs');

export type InvokeResult = { result?: unknown; error?: { errorType: string; errorMessage: string } };

export type RunningFunction = {
  invoke(event: unknown): Promise<unknown>;
  /** Invokes and returns the runtime's error instead of throwing it (Lambda's `Unhandled` function error). */
  invokeRaw(event: unknown): Promise<InvokeResult>;
  /** What the function wrote to stdout/stderr (its CloudWatch log stream), one entry per line. */
  logs: string[];
  stop(): Promise<void>;
};

/**
 * The template's environment with each CloudFormation token replaced by the value the test stands in for it
 * (by variable name). A token with no stand-in fails: a variable the stack adds from a resource must be
 * known here, so the test cannot silently run a function without it.
 */
export function resolveEnvironment(
  fn: DeployedFunction,
  standIns: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fn.environment).map(([name, value]) => {
      if (typeof value === 'string') return [name, value];
      const standIn = standIns[name];
      if (standIn === undefined) {
        throw new Error(
          `${fn.logicalId} sets ${name} from ${renderToken(value)}: give the artifact test a local stand-in for it`,
        );
      }
      return [name, standIn];
    }),
  );
}

/**
 * Starts a function as Lambda does: its asset unzipped (here: copied) into a task root of its own outside
 * the repository, beside nothing but the runtime's AWS SDK (`@aws-sdk/*`, what the Lambda Node.js runtime
 * ships), so a module the bundle left out cannot be found in the repository's node_modules; a fresh Node
 * process per instance whose environment is only the function's own plus the variables Lambda reserves;
 * the handler loaded by Node's ESM loader (a cold start, top-level await included) and invoked with events.
 */
export async function startFunction(
  fn: DeployedFunction,
  options: {
    /** The function's environment (resolveEnvironment) and any local endpoint overrides. */
    environment: Record<string, string>;
    region: string;
    /** Vendor https origins answered by local fakes (runtime-child.mjs). */
    vendorHosts?: Record<string, string>;
  },
): Promise<RunningFunction> {
  const root = mkdtempSync(path.join(os.tmpdir(), `lambda-${fn.logicalId}-`));
  const taskRoot = path.join(root, 'task');
  cpSync(fn.assetDir, taskRoot, { recursive: true });
  mkdirSync(path.join(root, 'node_modules'));
  symlinkSync(
    realpathSync(path.join(REPO_ROOT, 'node_modules', '@aws-sdk')),
    path.join(root, 'node_modules', '@aws-sdk'),
  );

  const logs: string[] = [];
  const child = fork(
    RUNTIME_CHILD,
    [taskRoot, fn.handler, String(fn.timeoutSeconds), JSON.stringify(options.vendorHosts ?? {})],
    {
      cwd: taskRoot,
      // Only NODE_OPTIONS from the function's environment applies, as on Lambda: not this test's loaders.
      execArgv: [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        ...options.environment,
        // Reserved: Lambda sets these itself, after the function's own.
        AWS_REGION: options.region,
        AWS_DEFAULT_REGION: options.region,
        AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
        AWS_LAMBDA_FUNCTION_NAME: fn.logicalId,
        AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memorySize),
        AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
        AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${fn.logicalId}`,
        AWS_LAMBDA_LOG_STREAM_NAME: '2026/01/01/[$LATEST]artifact-test',
        AWS_ACCESS_KEY_ID: 'ASIAARTIFACTTEST',
        AWS_SECRET_ACCESS_KEY: 'artifact-test-secret',
        AWS_SESSION_TOKEN: 'artifact-test-session',
        LAMBDA_TASK_ROOT: taskRoot,
        TZ: ':UTC',
        LANG: 'en_US.UTF-8',
        PATH: process.env.PATH ?? '/usr/bin:/bin',
      },
    },
  );
  for (const stream of [child.stdout, child.stderr]) {
    stream!.setEncoding('utf8');
    stream!.on('data', (chunk: string) => logs.push(...chunk.split('\n').filter(Boolean)));
  }

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  };

  try {
    await initialized(child, fn, logs);
  } catch (error) {
    await stop();
    throw error;
  }

  let nextId = 0;
  const invokeRaw = (event: unknown) =>
    new Promise<InvokeResult>((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (message: { type: string; id?: number } & InvokeResult) => {
        if (message.type !== 'result' || message.id !== id) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code: number | null) =>
        reject(new Error(`${fn.logicalId} exited (${code}) during an invocation:\n${logs.join('\n')}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ type: 'invoke', id, event });
    });

  return {
    logs,
    invokeRaw,
    async invoke(event) {
      const { result, error } = await invokeRaw(event);
      if (error) throw new Error(`${fn.logicalId} failed: ${error.errorType}: ${error.errorMessage}`);
      return result;
    },
    stop,
  };
}

/** Waits for the cold start: the runtime's `ready`, or its init error with the function's own log lines. */
function initialized(child: ChildProcess, fn: DeployedFunction, logs: string[]) {
  return new Promise<void>((resolve, reject) => {
    child.on('message', (message: { type: string; error?: { errorType: string; errorMessage: string } }) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'init-error') {
        reject(
          new Error(
            `${fn.logicalId} failed to initialize: ${message.error?.errorType}: ${message.error?.errorMessage}\n${logs.join('\n')}`,
          ),
        );
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`${fn.logicalId} exited (${code}) before it was ready:\n${logs.join('\n')}`)),
    );
  });
}
