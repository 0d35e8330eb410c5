import type { MessagingRegistrationProvider } from './port';

/**
 * Twilio when its keys are configured, else the stand-in a local entry point handed in (if any; in AWS the
 * fail-closed wiring refuses before this runs). Twilio's SDK is loaded on the first registration call, not at start-up.
 */
export function chooseMessagingRegistrationProvider(
  config: {
    accountSid: string | undefined;
    authToken: string | undefined;
    apiBase: string | undefined;
    primaryCustomerProfileSid?: string | undefined;
  },
  standIn: MessagingRegistrationProvider | undefined,
): MessagingRegistrationProvider | undefined {
  const { accountSid, authToken } = config;
  if (!accountSid || !authToken) return standIn;
  let adapter: Promise<MessagingRegistrationProvider> | undefined;
  const load = () =>
    (adapter ??= import('./twilio').then(
      (twilio) =>
        twilio.createTwilioMessagingRegistration({
          accountSid,
          authToken,
          primaryCustomerProfileSid: config.primaryCustomerProfileSid,
          ...(config.apiBase ? { apiBase: config.apiBase } : {}),
        }),
      (error: unknown) => {
        adapter = undefined;
        throw error;
      },
    ));
  return {
    name: 'twilio',
    submitBrand: async (submission) => (await load()).submitBrand(submission),
    submitCampaign: async (submission) => (await load()).submitCampaign(submission),
    resendVerification: async (refs) => (await load()).resendVerification(refs),
    attachNumber: async (refs, number) => (await load()).attachNumber(refs, number),
  };
}
