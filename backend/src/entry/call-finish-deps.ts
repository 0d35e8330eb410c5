import { notifierFromApp } from '../capabilities/notifications/index';
import { receptionistFromApp } from '../capabilities/receptionist/index';

/**
 * The receptionist's engine with the notifier, as a call's finish needs them (docs/decisions/186-cold-start.md):
 * `call-answer-deps.ts` imports this module on a call's first finish, so its chunk holds the engine, its
 * tools and the notifier, and nothing else of their capabilities. Imported statically here, so the bundler
 * keeps only these two builders of each index (a dynamic import of an index keeps every export, the
 * notifications function's handler among them).
 */
export function callFinishReceptionist(
  input: Omit<Parameters<typeof receptionistFromApp>[0], 'notify'> & Parameters<typeof notifierFromApp>[0],
) {
  const { providers, ...rest } = input;
  return receptionistFromApp({ ...rest, notify: notifierFromApp({ ...rest, providers }) });
}
