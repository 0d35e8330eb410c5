import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { superviseServices, type SupervisedProcess } from './supervisor';

type FakeProcess = SupervisedProcess & { generation: number; crash: (code?: number) => void };

function fakeProcess(name: string, generation = 1): FakeProcess {
  const child = new EventEmitter();
  return {
    name,
    generation,
    child: child as unknown as SupervisedProcess['child'],
    recentOutput: () => `${name} log line ${generation}`,
    respawn: () => fakeProcess(name, generation + 1),
    crash: (code = 1) => child.emit('exit', code, null),
  };
}

function harness() {
  let clock = 0;
  const timers: Array<{ at: number; run: () => void }> = [];
  const reports: string[] = [];
  const services = [fakeProcess('backend'), fakeProcess('cognito')];
  const supervisor = superviseServices({
    services,
    report: (message) => reports.push(message),
    now: () => clock,
    schedule: (run, delay) => timers.push({ at: clock + delay, run }),
    maxRestarts: 3,
    windowMs: 60_000,
  });
  const advance = (ms: number) => {
    clock += ms;
    for (const timer of timers.filter((t) => t.at <= clock)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  return { services, reports, supervisor, advance, timers };
}

describe('superviseServices', () => {
  it('reports a crash with the last output and restarts only that service, after a delay', () => {
    const { services, reports, advance } = harness();
    const [backend, cognito] = services as [FakeProcess, FakeProcess];
    backend.crash(1);
    expect(reports[0]).toContain('backend stopped unexpectedly (exit 1); restarting it in 0.5 s');
    expect(reports[0]).toContain('backend log line 1');
    expect(services[0]).toBe(backend); // not yet
    advance(500);
    expect((services[0] as FakeProcess).generation).toBe(2);
    expect(services[1]).toBe(cognito);
    expect(reports.at(-1)).toBe('backend restarted.');
  });

  it('keeps watching the restarted process, with growing delays', () => {
    const { services, reports, advance } = harness();
    (services[0] as FakeProcess).crash();
    advance(500);
    (services[0] as FakeProcess).crash();
    expect(reports.at(-1)).toContain('restarting it in 1.0 s (restart 2 of 3');
    advance(999);
    expect((services[0] as FakeProcess).generation).toBe(2);
    advance(1);
    expect((services[0] as FakeProcess).generation).toBe(3);
  });

  it('gives up on a service that crashes too often in the window, leaving the others running', () => {
    const { services, reports, advance } = harness();
    for (let i = 0; i < 3; i++) {
      (services[0] as FakeProcess).crash();
      advance(10_000);
    }
    expect((services[0] as FakeProcess).generation).toBe(4);
    (services[0] as FakeProcess).crash(137);
    expect(reports.at(-1)).toContain('crashed 4 times within 60 s: not restarting it');
    advance(60_000);
    expect((services[0] as FakeProcess).generation).toBe(4);
    // Another service still gets restarted.
    (services[1] as FakeProcess).crash();
    advance(500);
    expect((services[1] as FakeProcess).generation).toBe(2);
  });

  it('forgets crashes older than the window', () => {
    const { services, reports, advance } = harness();
    for (let i = 0; i < 6; i++) {
      (services[0] as FakeProcess).crash();
      advance(30_000);
    }
    expect(reports.some((r) => r.includes('not restarting'))).toBe(false);
    expect((services[0] as FakeProcess).generation).toBe(7);
  });

  it('neither reports nor restarts once the stack is stopping', () => {
    const { services, reports, supervisor, advance, timers } = harness();
    (services[0] as FakeProcess).crash();
    supervisor.stop();
    advance(10_000);
    (services[1] as FakeProcess).crash();
    expect(reports).toHaveLength(1);
    expect(timers).toHaveLength(0);
    expect((services[0] as FakeProcess).generation).toBe(1);
  });
});
