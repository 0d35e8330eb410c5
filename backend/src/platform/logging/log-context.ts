import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Fields every log line of the current request carries (`request_id`, and `conversation_id` once known),
 * kept per async call chain, so concurrent requests on the Node server never mix their ids. This is why the
 * app keeps its own logger rather than Powertools Logger, whose appended keys belong to the logger
 * instance (docs/decisions/091-observability.md).
 */
const storage = new AsyncLocalStorage<Record<string, string>>();

/**
 * The fields of the one event a Lambda instance is handling, for the lines written outside any
 * AsyncLocalStorage context (runWithEventLogContext). Undefined between events.
 */
let eventFields: Record<string, string> | undefined;

/** Runs `fn` with these fields (added to any outer ones) on every log line written inside it. */
export function runWithLogContext<T>(fields: Record<string, string>, fn: () => T): T {
  return storage.run({ ...storage.getStore(), ...fields }, fn);
}

/**
 * The same as runWithLogContext for a runtime that handles one event at a time (a Lambda execution
 * environment): the fields are held for the event's duration instead of in AsyncLocalStorage, whose first
 * `run` makes Node 20 install promise hooks that every later promise of the process pays for (about 9 ms of
 * a cold telephony function's first answer, docs/decisions/186-cold-start.md). Lines inside an
 * AsyncLocalStorage context still take that context's fields, so requests of the concurrent Node server
 * never take these. Should a second event start before the first ends (never in Lambda), it runs in
 * AsyncLocalStorage, so the two cannot mix either.
 */
export async function runWithEventLogContext<T>(
  fields: Record<string, string>,
  fn: () => Promise<T>,
): Promise<T> {
  if (eventFields !== undefined || storage.getStore() !== undefined) return runWithLogContext(fields, fn);
  const own = { ...fields };
  eventFields = own;
  try {
    return await fn();
  } finally {
    if (eventFields === own) eventFields = undefined;
  }
}

/** Adds fields to the current request's lines from here on (e.g. the conversation id once it is known). */
export function addLogContext(fields: Record<string, string>): void {
  const store = storage.getStore() ?? eventFields;
  if (store) Object.assign(store, fields);
}

export const currentLogContext = (): Record<string, string> => storage.getStore() ?? eventFields ?? {};
