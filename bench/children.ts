import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../scripts/local-stack/local-stack';
import { spawnService, type ServiceProcess } from '../scripts/local-stack/child-process';
import { waitForPort } from '../scripts/local-stack/ports';

/**
 * Every process the bench starts is registered here, so a failed stage, an exception or Ctrl-C still stops
 * them all: a left-over DynamoDB Local JVM or server would skew the next run and hold its port.
 */
type Stoppable = { stop: () => Promise<void>; killNow: () => void };
const running = new Set<Stoppable>();

export function register(stoppable: Stoppable): () => void {
  running.add(stoppable);
  return () => running.delete(stoppable);
}

/** Last registered, first stopped (servers before the database, the state directory last). */
export async function stopAll(): Promise<void> {
  for (const stoppable of [...running].reverse()) {
    await stoppable.stop().catch(() => undefined);
    // Removed only once stopped: if the process dies meanwhile, the `exit` handler still kills the rest.
    running.delete(stoppable);
  }
}

let installed = false;
/** Ctrl-C / SIGTERM stop the children before exiting; `exit` is the last resort for anything still alive. */
export function installCleanupHandlers(): void {
  if (installed) return;
  installed = true;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // `on`, not `once`: tsx re-sends the signal when its child is slow to acknowledge it, and with no
    // listener left tsx's own handler would exit before the children are stopped.
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: stopping benchmark processes…`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  process.once('exit', () => {
    for (const s of [...running].reverse()) s.killNow();
  });
}

export const bin = (name: string) => path.join(REPO_ROOT, 'node_modules', '.bin', name);

export function killGroup(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Wraps a stack or service stop function so the registry can also kill it synchronously on exit. */
export function registerService(service: Pick<ServiceProcess, 'stop' | 'child'>): () => void {
  return register({ stop: service.stop, killNow: () => killGroup(service.child.pid) });
}

/** Starts a long-running TypeScript server under tsx and waits until it listens on `port`. */
export async function startTsServer(
  name: string,
  script: string,
  port: number,
  env: Record<string, string>,
  nodeFlags: string[] = [],
  /** Another node binary than the one running the bench (api_get_config's BENCH_SERVER_NODE). */
  nodeBinary?: string,
): Promise<ServiceProcess> {
  const direct = nodeFlags.length > 0 || nodeBinary !== undefined;
  const service = spawnService({
    name,
    // With node flags (e.g. --cpu-prof, which NODE_OPTIONS refuses) or another node, node itself runs the
    // script with tsx's loader, so the flags apply to the server's own process rather than to tsx's launcher.
    command: direct ? (nodeBinary ?? process.execPath) : bin('tsx'),
    args: [...(direct ? [...nodeFlags, '--import', 'tsx'] : []), path.join(REPO_ROOT, script)],
    cwd: REPO_ROOT,
    env,
    echo: false,
  });
  const unregister = registerService(service);
  try {
    await waitForPort(port, 60_000, service.isAlive);
  } catch (error) {
    await service.stop();
    unregister();
    throw new Error(`${name} did not start: ${(error as Error).message}\n${service.recentOutput()}`, {
      cause: error,
    });
  }
  return {
    ...service,
    stop: async () => {
      unregister();
      await service.stop();
    },
  };
}

export type CommandResult = { code: number; stdout: string; stderr: string };

/** Runs a command to completion (vite build, a cold-init probe), registered so Ctrl-C also ends it. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? REPO_ROOT,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Own process group: vite may start workers, and stopping the group stops them too.
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const unregister = register({
      stop: async () => {
        if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
        killGroup(child.pid);
        await exited;
      },
      killNow: () => killGroup(child.pid),
    });
    const timer = options.timeoutMs
      ? setTimeout(() => {
          killGroup(child.pid);
          stderr += `\n(killed after ${options.timeoutMs} ms)`;
        }, options.timeoutMs)
      : undefined;
    child.once('error', (error) => {
      clearTimeout(timer);
      unregister();
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      unregister();
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
  });
}
