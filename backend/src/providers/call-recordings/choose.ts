import type { CallRecordingsProvider } from './port';
import { createTwilioCallRecordings } from './twilio';

/** Twilio when its keys are configured, else the stand-in a local entry point handed in (if any). */
export function chooseCallRecordings(
  config: { accountSid: string | undefined; authToken: string | undefined; apiBase: string | undefined },
  standIn: CallRecordingsProvider | undefined,
): CallRecordingsProvider | undefined {
  if (config.accountSid && config.authToken) {
    return createTwilioCallRecordings({
      accountSid: config.accountSid,
      authToken: config.authToken,
      ...(config.apiBase ? { apiBase: config.apiBase } : {}),
    });
  }
  return standIn;
}
