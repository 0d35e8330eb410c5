import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_TIMINGS } from '@shared/client-timings';
import { debounce, pollUntil, whenPageSettled } from './timing';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pollUntil', () => {
  it('checks every poll interval until an answer comes, and returns it', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const answer = pollUntil(async () => (++calls >= 3 ? 'signed in' : undefined), {
      intervalMs: CLIENT_TIMINGS.autoSignInPollMs,
      timeoutMs: CLIENT_TIMINGS.autoSignInTimeoutMs,
      timeoutError: () => new Error('late'),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(CLIENT_TIMINGS.autoSignInPollMs - 1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(CLIENT_TIMINGS.autoSignInPollMs);
    await expect(answer).resolves.toBe('signed in');
    expect(calls).toBe(3);
    expect(CLIENT_TIMINGS.autoSignInPollMs).toBe(5000);
  });

  it('treats a throwing check as not yet, and fails with the given error at the time-out', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const answer = pollUntil(
      async () => {
        calls += 1;
        throw new Error('not signed in');
      },
      {
        intervalMs: 5000,
        timeoutMs: 180_000,
        timeoutError: () => new Error('The account was not confirmed on time.'),
      },
    ).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(179_999);
    expect(calls).toBe(36);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe('The account was not confirmed on time.');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toBe(36);
  });
});

describe('debounce', () => {
  it('runs only the last call of a burst, the debounce delay after it', async () => {
    vi.useFakeTimers();
    const saved: string[] = [];
    const save = debounce((value: string) => saved.push(value), CLIENT_TIMINGS.debounceMs);
    save('a');
    await vi.advanceTimersByTimeAsync(200);
    save('b');
    await vi.advanceTimersByTimeAsync(CLIENT_TIMINGS.debounceMs - 1);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual(['b']);
    expect(CLIENT_TIMINGS.debounceMs).toBe(300);
  });

  it('flush runs the waiting call at once (and only once); cancel drops it', async () => {
    vi.useFakeTimers();
    const saved: string[] = [];
    const save = debounce((value: string) => saved.push(value), 300);
    save('x');
    await save.flush();
    expect(saved).toEqual(['x']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toEqual(['x']);
    save('y');
    save.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    await save.flush();
    expect(saved).toEqual(['x']);
  });
});

describe('whenPageSettled', () => {
  /** A page still loading, whose load event and idle callbacks the test fires. */
  function loadingPage() {
    const onLoad: Array<() => void> = [];
    const idle: Array<() => void> = [];
    vi.stubGlobal('document', { readyState: 'loading' });
    vi.stubGlobal('window', {
      addEventListener: (type: string, listener: () => void) => type === 'load' && onLoad.push(listener),
      requestIdleCallback: (callback: () => void) => idle.push(callback),
    });
    return { load: () => onLoad.forEach((listener) => listener()), idle };
  }

  it('waits for the load event, then the delay, then an idle moment', async () => {
    vi.useFakeTimers();
    const page = loadingPage();
    let settled = false;
    void whenPageSettled(2000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(page.idle).toHaveLength(0);
    page.load();
    await vi.advanceTimersByTimeAsync(1999);
    expect(page.idle).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.idle).toHaveLength(1);
    expect(settled).toBe(false);
    page.idle[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it('counts the delay from now on a page that has already loaded', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('document', { readyState: 'complete' });
    vi.stubGlobal('window', {});
    let settled = false;
    void whenPageSettled(500).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});
