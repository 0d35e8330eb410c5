/**
 * `/config.json` did not arrive or is not valid. Its own module so the route's error page (in the entry
 * chunk) can recognise it without loading the config schema.
 */
export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}
