/** The nice value of an espeak-ng rendering thread: low priority, short of the idle-only 19. */
export const RENDER_THREAD_NICENESS = 15;
