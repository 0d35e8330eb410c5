import type { CallRecordingsProvider } from './port';

/**
 * Twilio when its keys are configured, else the stand-in a local entry point handed in (if any). The Twilio
 * adapter loads on first use: the API only plays or deletes a recording now and then, so its start-up code
 * keeps no Twilio client (infra/receptionist-stack.test.ts).
 */
export function chooseCallRecordings(
  config: { accountSid: string | undefined; authToken: string | undefined; apiBase: string | undefined },
  standIn: CallRecordingsProvider | undefined,
): CallRecordingsProvider | undefined {
  const { accountSid, authToken, apiBase } = config;
  if (!accountSid || !authToken) return standIn;
  let adapter: Promise<CallRecordingsProvider> | undefined;
  const twilio = () =>
    (adapter ??= import('./twilio').then(({ createTwilioCallRecordings }) =>
      createTwilioCallRecordings({ accountSid, authToken, ...(apiBase ? { apiBase } : {}) }),
    ));
  return {
    name: 'twilio',
    fetchAudio: async (recordingSid) => (await twilio()).fetchAudio(recordingSid),
    delete: async (recordingSid) => (await twilio()).delete(recordingSid),
  };
}
