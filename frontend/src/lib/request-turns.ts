/**
 * API requests take turns: at most one starts per task. Starting a request costs main-thread time (the
 * token from storage, the early answer's lookup, the `fetch` call), and a screen's first commit asks for all
 * its reads in one task: the dashboard's Overview five or more, through its queries' effects, in a task of
 * 11-14 ms of CPU in the session-40 traces, which a phone's slower CPU makes a long task, blocking time after
 * the first paint (issue 41 §4, docs/decisions/188). Taking turns, each starts in a task of its own right
 * after, in the order asked; a request with none before it starts at once.
 */
export function createRequestTurns(nextTask: (run: () => void) => void, taking: () => boolean = () => true) {
  const waiting: Array<() => void> = [];
  let taken = false;
  // Frees the turn in the next task, handing it to the first request waiting, if any.
  const release = () => {
    const next = waiting.shift();
    if (!next) {
      taken = false;
      return;
    }
    next();
    nextTask(release);
  };
  /** Resolves when the caller may start its request: now, or in the first task no other request has. */
  return function requestTurn(): Promise<void> {
    if (!taking()) return Promise.resolve();
    if (!taken) {
      taken = true;
      nextTask(release);
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
}

/**
 * The API client's turns, a task being a timer's. Not in a hidden tab: nobody is waiting on its main thread,
 * and the browser throttles a background tab's chained timers (to one a minute after five minutes hidden).
 */
export const requestTurn = createRequestTurns(
  (run) => setTimeout(run, 0),
  () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
);
