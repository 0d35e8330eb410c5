/** A benchmark server has nothing to drain: exit at once so stopping it never waits on open connections. */
export function exitOnStop() {
  const stop = () => process.exit(0);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
