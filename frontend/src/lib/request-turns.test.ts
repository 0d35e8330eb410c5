import { describe, expect, it } from 'vitest';
import { createRequestTurns } from './request-turns';

describe('request turns (issue 41 §4)', () => {
  it('starts the first request at once and each other one in a task of its own, in order', async () => {
    const tasks: Array<() => void> = [];
    const requestTurn = createRequestTurns((run) => tasks.push(run));
    const started: string[] = [];
    const ask = (name: string) => requestTurn().then(() => started.push(name));
    const runNextTask = async () => {
      tasks.shift()!();
      await Promise.resolve();
      await Promise.resolve();
    };

    void ask('config');
    void ask('overview');
    void ask('call log');
    await Promise.resolve();
    expect(started).toEqual(['config']);

    await runNextTask();
    expect(started).toEqual(['config', 'overview']);
    await runNextTask();
    expect(started).toEqual(['config', 'overview', 'call log']);

    // The last turn is freed in the task after it; then a new request again starts at once.
    await runNextTask();
    expect(tasks).toHaveLength(0);
    void ask('settings');
    await Promise.resolve();
    expect(started).toEqual(['config', 'overview', 'call log', 'settings']);
  });
  it('lets every request start at once while turns are not taken (a hidden tab)', async () => {
    const tasks: Array<() => void> = [];
    const requestTurn = createRequestTurns(
      (run) => tasks.push(run),
      () => false,
    );
    const started: string[] = [];
    void requestTurn().then(() => started.push('config'));
    void requestTurn().then(() => started.push('overview'));
    await Promise.resolve();
    expect(started).toEqual(['config', 'overview']);
    expect(tasks).toHaveLength(0);
  });
});
