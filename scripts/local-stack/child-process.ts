import { spawn, type ChildProcess } from 'node:child_process';

export type ServiceProcess = {
  name: string;
  child: ChildProcess;
  isAlive: () => boolean;
  /** Recent output, shown when the service fails to start. */
  recentOutput: () => string;
  stop: () => Promise<void>;
  /** Starts the same command again (the supervisor's restart after a crash). */
  respawn: () => ServiceProcess;
};

export type SpawnOptions = {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Echo output prefixed with the service name (npm start) or keep it quiet (tests). */
  echo: boolean;
};

/** Starts a child in its own process group, so stopping it also stops whatever it started (tsx, vite…). */
export function spawnService(options: SpawnOptions): ServiceProcess {
  const { name, command, args, env, cwd, echo } = options;
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let exited = child.exitCode !== null;
  const buffer: string[] = [];
  child.once('exit', () => (exited = true));
  // A command that cannot start (e.g. java missing) reports here instead of crashing the launcher.
  child.once('error', (error) => {
    exited = true;
    buffer.push(`${name} could not start: ${error.message}\n`);
  });
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    buffer.push(text);
    if (buffer.length > 200) buffer.shift();
    if (echo) {
      for (const line of text.split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  return {
    name,
    child,
    isAlive: () => !exited,
    recentOutput: () => buffer.join('').slice(-4000),
    respawn: () => spawnService(options),
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited || child.pid === undefined) return resolve();
        const timer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        signalGroup(child.pid, 'SIGTERM');
      }),
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
