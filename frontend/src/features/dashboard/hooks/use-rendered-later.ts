import { startTransition, useEffect, useState } from 'react';

/**
 * False in the component's first commit, true from a second render that React starts in a transition right
 * after it. A screen that shows what is above the fold first and the rest when this turns true commits in two
 * smaller pieces, each with its own effects task, instead of one commit (DOM, layout) and one effects task
 * (every panel's reads and timers) that a phone's CPU turns into long tasks (issue 41 §4, decision 188's
 * session-41 part). The transition's render is time-sliced, so it adds no long task of its own.
 *
 * Only what is appended after the first part may wait for it: content inserted above what is already on the
 * screen would move it (layout shift).
 */
export function useRenderedLater(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => startTransition(() => setLater(true)), []);
  return later;
}
