/** Debian's Chromium (apt package `chromium`); Playwright never downloads a browser of its own here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that keep Chromium from reaching out to the network it cannot reach here (DESIGN §2). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
