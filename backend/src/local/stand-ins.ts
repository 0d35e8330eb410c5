import type { StandInContext, StandIns } from '../entry/app-types';
import type { LocalHandles } from './local-handles';
import { createLocalCalendarStandIn } from './calendars/calendar-stand-in';
import { createLocalLlm } from './openai/local-llm';
import { createLocalModel } from './openai/local-model';
import { createLocalPlaces } from './google-places/local-places';
import { createLocalOutbox } from './ses/local-outbox';
import { createLocalQueue } from './sqs/local-queue';
import { createLocalSpeech } from './speech/local-speech';
import { createLocalPaymentsProvider } from './stripe/local-payments';
import { createLocalTwilioAccount } from './twilio/local-account';
import { createLocalRecordings } from './twilio/local-recordings';
import { createLocalTelephony } from './twilio/local-telephony';
import { localCallClock } from './twilio/local-call-clock';
import { createLocalMessagingRegistration } from './twilio/local-messaging-registration';
import { mountLocalProviderRoutes } from './mount-local-routes';

/** What the local pages and the tests read besides the ports: the outbox, the phone's account, the checkout. */

export type LocalStandIns = StandIns & { handles: LocalHandles };

/**
 * Every local stand-in, for the local entry points only (the Node server, tests, bench, scripts). It refuses
 * to run in AWS: deployed, a missing key is a clear error, never a silent fake (decision 160). The outbox,
 * checkout pages and calendar vendors run only with LOCAL_PROVIDERS on, as before; the others whenever
 * their vendor's keys are absent (the choosers prefer the real vendor).
 */
export function createLocalStandIns(context: StandInContext): LocalStandIns {
  const { config, doc, now, logger } = context;
  if (config.appEnv === 'aws') throw new Error('Local stand-ins never run in AWS (APP_ENV=aws)');
  const localMode = config.localProviders;
  const handles: LocalHandles = {
    ...(localMode ? { outbox: createLocalOutbox(config.localOutboxDir) } : {}),
    ...(localMode && !config.twilio.accountSid
      ? {
          twilioAccount: createLocalTwilioAccount(doc, config.tableName, now),
          recordings: createLocalRecordings(config.localRecordingsDir),
        }
      : {}),
    ...(localMode ? { payments: createLocalPaymentsProvider(doc, config.tableName, now) } : {}),
  };
  const messagingRegistration = createLocalMessagingRegistration(now);
  const telephony = createLocalTelephony({ heldAmong: context.heldAmong, account: handles.twilioAccount });
  const standIns: LocalStandIns = {
    handles,
    ...(handles.outbox ? { email: handles.outbox } : {}),
    ...(handles.payments ? { payments: handles.payments } : {}),
    ...(localMode
      ? { calendar: createLocalCalendarStandIn(config, { doc, tableName: config.tableName }, now) }
      : {}),
    llm: createLocalLlm(),
    speech: createLocalSpeech(),
    places: createLocalPlaces(),
    telephony: {
      ...telephony,
      // As at Twilio, a released number leaves the owner's messaging service with it.
      async release(sid) {
        await telephony.release(sid);
        messagingRegistration.numberReleased(sid);
      },
    },
    // The local phone's simulated calls may say when they happen; only with the local phone on.
    ...(handles.twilioAccount ? { callClock: localCallClock } : {}),
    messagingRegistration,
    ...(handles.recordings ? { callRecordings: handles.recordings } : {}),
    model: createLocalModel,
    queue: (deliver, options) => createLocalQueue(deliver, { ...options, logger }),
    mountRoutes: (app, deps) => mountLocalProviderRoutes(app, deps, handles),
  };
  return standIns;
}

/**
 * A stand-in factory for createAppDeps that keeps what it built: the local entry points read the handles
 * (the local phone's account, the outbox) right after createAppDeps returns.
 */
export function keptLocalStandIns() {
  let built: LocalStandIns | undefined;
  return {
    factory: (context: StandInContext): LocalStandIns => (built = createLocalStandIns(context)),
    handles: (): LocalHandles => built?.handles ?? {},
  };
}
