/**
 * A phone (touch first, or a narrow screen): Call Assistant dials the number instead of calling in the page.
 * Its own module so the Overview can ask without loading the test call's client and its message schemas.
 */
export function isPhoneLike(win: Pick<Window, 'matchMedia'> | undefined = globalThis.window): boolean {
  if (!win?.matchMedia) return false;
  return win.matchMedia('(pointer: coarse)').matches || win.matchMedia('(max-width: 640px)').matches;
}
