import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Fields every log line of the current request carries (`request_id`, and `conversation_id` once known),
 * kept per async call chain, so concurrent requests on the Node server never mix their ids. This is why the
 * app keeps its own logger rather than Powertools Logger, whose appended keys belong to the logger
 * instance (docs/decisions/091-observability.md).
 */
const storage = new AsyncLocalStorage<Record<string, string>>();

/** Runs `fn` with these fields (added to any outer ones) on every log line written inside it. */
export function runWithLogContext<T>(fields: Record<string, string>, fn: () => T): T {
  return storage.run({ ...storage.getStore(), ...fields }, fn);
}

/** Adds fields to the current request's lines from here on (e.g. the conversation id once it is known). */
export function addLogContext(fields: Record<string, string>): void {
  const store = storage.getStore();
  if (store) Object.assign(store, fields);
}

export const currentLogContext = (): Record<string, string> => storage.getStore() ?? {};
