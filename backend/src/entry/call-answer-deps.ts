import { type AppConfig } from '../platform/config/env';
import { coalescingGets } from '../platform/dynamo/coalesced-gets';
import { createDynamoClients } from '../platform/dynamo/dynamo-client';
import { createRateLimiter } from '../platform/dynamo/rate-limits';
import type { Logger } from '../platform/logging/logger';
import type { Metrics } from '../platform/observability/metrics';
import type { TokenVerifier } from '../platform/auth/token-verifier';
import type { RecordStore } from '../platform/dynamo/record-store';
import { conversationStartFromApp } from '../capabilities/receptionist/conversation-start';
import type { Receptionist } from '../capabilities/receptionist/index';
import type { RecordingsDeps } from '../capabilities/recordings/index';
import type { VoiceDeps } from '../capabilities/voice/index';
import { appointmentsRecords } from '../capabilities/appointments/records/index';
import { billingRecords } from '../capabilities/billing/records/index';
import { calendarsRecords } from '../capabilities/calendars/records/index';
import { callerGatesRecords } from '../capabilities/caller-gates/records/index';
import { conversationsRecords } from '../capabilities/conversations/records/index';
import { forwardingRecords } from '../capabilities/forwarding/records/index';
import { knowledgeRecords } from '../capabilities/knowledge/records/index';
import { conversationStartMarker, notificationsRecords } from '../capabilities/notifications/records/index';
import { payoutsRecords } from '../capabilities/payouts/records/index';
import { phoneNumbersRecords } from '../capabilities/phone-numbers/records/index';
import { receptionistRecords } from '../capabilities/receptionist/records/index';
import { recordingsRecords } from '../capabilities/recordings/records/index';
import { setupRecords } from '../capabilities/setup/records/index';
import { smsRecords } from '../capabilities/sms/records/index';
import { voiceRecords } from '../capabilities/voice/records/index';
import type { AppDeps } from './app-types';

/**
 * A service whose every member is an async method, loaded on its first call: the object stands in for the
 * real one at once, and the module that builds the real one is imported only when a method is called.
 * Only for interfaces of async methods (a property read would be a function, a sync call a promise).
 */
function onFirstCall<T extends object>(load: () => Promise<T>): T {
  return new Proxy({} as T, {
    get: (_target, member) => {
      if (typeof member !== 'string' || member === 'then') return undefined;
      return async (...args: unknown[]) => {
        const service = (await load()) as Record<string, (...a: unknown[]) => unknown>;
        return service[member]!(...args);
      };
    },
  });
}

/**
 * A value built on first use and kept, unless building it failed (a failed import or build): the next use
 * tries again rather than failing for the instance's lifetime.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

/**
 * What a call's webhooks need, and only that, so a cold telephony function answers a caller's first ring
 * without loading every capability (docs/decisions/186-cold-start.md). The repositories of the call's own
 * path are built here, and the receptionist's conversation start, which adds the notifications' due marker to
 * the conversation's transaction. The receptionist's engine and the notifier (for a call's finish) are built
 * with the same repositories on first use, from their own chunk: a first ring loads no tools, model adapter
 * or notification batches (`receptionistEngine()`). Everything a call uses only sometimes (texts,
 * deposits, the calendar, webhooks, reminders, the other providers, token checks) is the app's full wiring
 * (`createAppDeps`), imported from its own chunk on the first call that needs it: `everything()`, which
 * also serves the function's other routes.
 */
export function createCallAnswerDeps(
  config: AppConfig,
  overrides: { logger: Logger; metrics: Metrics; now?: () => Date },
) {
  const { doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
  const { logger, metrics } = overrides;
  const now = overrides.now ?? (() => new Date());

  const everything = onFirstUse(() =>
    import('./app-deps').then(({ createAppDeps }) => createAppDeps(config, { logger, metrics, now })),
  );
  const later = <T extends object>(pick: (deps: AppDeps) => T) => onFirstCall(() => everything().then(pick));

  // The line's reads a call sends together (config, subscription, objective, caller's memory) go as one
  // BatchGetItem: on a cold instance each request is a socket and the SDK's work (decision 186).
  const store: RecordStore = { doc: coalescingGets(doc), tableName: config.tableName, now };
  const data = {
    ...appointmentsRecords(store),
    ...billingRecords(store),
    ...calendarsRecords(store),
    ...callerGatesRecords(store),
    ...conversationsRecords(store),
    ...forwardingRecords(store),
    ...knowledgeRecords(store),
    ...notificationsRecords(store),
    ...payoutsRecords(store),
    ...phoneNumbersRecords(store),
    ...receptionistRecords(store),
    ...recordingsRecords(store),
    ...setupRecords(store),
    ...smsRecords(store),
    ...voiceRecords(store),
  };
  const rateLimiter = createRateLimiter(doc, config.tableName);
  const verifyToken: TokenVerifier = async (token, options) =>
    (await everything()).verifyToken(token, options);
  const platform = { config, logger, metrics, now, rateLimiter, verifyToken };
  // The gated telephony provider (A2P gate, opt-outs) is the app's: a call only texts after it is answered.
  const providers = {
    telephony: later((deps) => deps.providers.telephony),
    email: later((deps) => deps.providers.email),
    identity: later((deps) => deps.providers.identity),
    llm: later((deps) => deps.providers.llm),
    payments: later((deps) => deps.providers.payments),
    // The recording callback deletes at the provider only when its call was erased meanwhile.
    callRecordings: later((deps) => deps.providers.callRecordings),
  };
  // A call starts its conversation with the receptionist's start alone (with the notifications' due marker
  // in its transaction); the engine and the notifier, with the tools, the model adapter and the
  // notification batches, load from their own chunk when a call first finishes (decision 186, session 39).
  const start = conversationStartFromApp({
    ...platform,
    data,
    notify: { startMarker: (state) => conversationStartMarker(data.notifications, state) },
  });
  const receptionistEngine = onFirstUse(() =>
    import('./call-finish-deps').then(({ callFinishReceptionist }): Receptionist =>
      callFinishReceptionist({
        ...platform,
        data,
        providers,
        payments: providers.payments,
        telephony: providers.telephony,
        calendar: later((deps) => deps.ownerCalendar),
        reminders: later((deps) => deps.reminders.planning),
        webhooks: later((deps) => deps.webhooks),
      }),
    ),
  );
  const receptionist = {
    ...start,
    finish: async (...args: Parameters<Receptionist['finish']>) =>
      (await receptionistEngine()).finish(...args),
  };
  const deps = {
    ...platform,
    data,
    providers: { telephony: providers.telephony, callRecordings: providers.callRecordings },
    textingGate: later((deps) => deps.textingGate),
    receptionist,
  } satisfies VoiceDeps & RecordingsDeps;
  return { deps, everything, receptionistEngine };
}
