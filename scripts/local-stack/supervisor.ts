/**
 * Keeps `npm start` running when one service crashes (issue 10 §9): the crash is reported with the
 * service's last output and the service is started again after a short, growing delay. A service that keeps
 * crashing (more than `maxRestarts` within `windowMs`) is given up on, with a message; the rest stay up.
 * Pure logic over a small process interface, so it is unit-tested without real processes.
 */

export type SupervisedProcess = {
  name: string;
  child: { once(event: 'exit', listener: (code: number | null, signal: string | null) => void): unknown };
  recentOutput: () => string;
  respawn: () => SupervisedProcess;
};

export type SupervisorOptions<P extends SupervisedProcess> = {
  /** The running services; a restarted one replaces its entry, so whoever stops the stack stops it. */
  services: P[];
  report: (message: string) => void;
  now?: () => number;
  schedule?: (callback: () => void, delayMs: number) => void;
  maxRestarts?: number;
  windowMs?: number;
  /** Delay before the nth restart within the window (1-based). */
  delayMs?: (attempt: number) => number;
};

export const DEFAULT_RESTART_DELAY = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), 8_000);

export function superviseServices<P extends SupervisedProcess>({
  services,
  report,
  now = Date.now,
  schedule = (callback, delayMs) => void setTimeout(callback, delayMs),
  maxRestarts = 5,
  windowMs = 60_000,
  delayMs = DEFAULT_RESTART_DELAY,
}: SupervisorOptions<P>) {
  let stopping = false;
  const restartsOf = new Map<string, number[]>();

  const watch = (service: P) => {
    service.child.once('exit', (code, signal) => {
      if (stopping) return;
      const recent = (restartsOf.get(service.name) ?? []).filter((at) => now() - at < windowMs);
      const how = signal ? `signal ${signal}` : `exit ${code}`;
      const output = service.recentOutput().trim();
      const lastOutput = output ? `\nLast output:\n${output}` : '';
      if (recent.length >= maxRestarts) {
        report(
          `\n${service.name} stopped unexpectedly (${how}) and crashed ${recent.length + 1} times within ` +
            `${Math.round(windowMs / 1000)} s: not restarting it. The other services keep running; ` +
            `fix the cause and restart npm start.${lastOutput}`,
        );
        return;
      }
      recent.push(now());
      restartsOf.set(service.name, recent);
      const wait = delayMs(recent.length);
      report(
        `\n${service.name} stopped unexpectedly (${how}); restarting it in ${(wait / 1000).toFixed(1)} s ` +
          `(restart ${recent.length} of ${maxRestarts} allowed per ${Math.round(windowMs / 1000)} s).${lastOutput}`,
      );
      schedule(() => {
        if (stopping) return;
        const fresh = service.respawn() as P;
        const index = services.indexOf(service);
        if (index >= 0) services[index] = fresh;
        else services.push(fresh);
        report(`${service.name} restarted.`);
        watch(fresh);
      }, wait);
    });
  };

  for (const service of services) watch(service);
  return {
    /** Call before stopping the stack: exits from then on are expected. */
    stop: () => {
      stopping = true;
    },
  };
}
