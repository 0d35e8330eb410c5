/**
 * Waiting helpers for the client timings of spec §9 (values in @shared/client-timings): a poll bounded by a
 * time-out, a debouncer with flush, and a plain delay. Free of React so they can be tested with fake timers.
 */

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `check` now and then every `intervalMs` until it answers something other than undefined, which is
 * returned; rejects with `timeoutError()` once `timeoutMs` have passed. A check that throws counts as "not
 * yet" (a sign-in that has not happened yet throws), so only the time-out ends the wait unsuccessfully.
 */
export function pollUntil<T>(
  check: () => Promise<T | undefined>,
  {
    intervalMs,
    timeoutMs,
    timeoutError,
    signal,
  }: { intervalMs: number; timeoutMs: number; timeoutError: () => Error; signal?: AbortSignal },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      outcome();
    };
    const deadline = setTimeout(() => finish(() => reject(timeoutError())), timeoutMs);
    // Stopped from outside (the wait was won another way): no further checks; the caller ignores the result.
    signal?.addEventListener('abort', () => finish(() => reject(new Error('Polling stopped'))));
    const attempt = async () => {
      const value = await check().catch(() => undefined);
      if (done) return;
      if (value !== undefined) finish(() => resolve(value));
      else timer = setTimeout(() => void attempt(), intervalMs);
    };
    void attempt();
  });
}

export type Debounced<A extends unknown[]> = {
  /** Schedules fn with these arguments `waitMs` from now, replacing any call still waiting. */
  (...args: A): void;
  /** Runs the waiting call now (e.g. before the page moves on); resolves when it has finished. */
  flush: () => Promise<void>;
  cancel: () => void;
};

/** Trailing-edge debounce: only the last call of a burst runs, `waitMs` after the burst ends. */
export function debounce<A extends unknown[]>(fn: (...args: A) => unknown, waitMs: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = async () => {
    clearTimeout(timer);
    timer = undefined;
    const args = pending;
    pending = undefined;
    if (args) await fn(...args);
  };
  const debounced = (...args: A) => {
    pending = args;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), waitMs);
  };
  debounced.flush = run;
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return debounced;
}

/**
 * Resolves `afterLoadMs` after the page has loaded, once the main thread is idle (at the latest
 * `idleTimeoutMs` later): for work that no first paint or first read should wait for.
 */
export function whenPageSettled(afterLoadMs: number, idleTimeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => resolve(), { timeout: idleTimeoutMs });
      else resolve();
    };
    const afterLoad = () => setTimeout(idle, afterLoadMs);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
}
