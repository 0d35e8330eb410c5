import { telephonyWebhookUrls, type TelephonyProvider } from './port';

export type RepointOutcome = {
  sid: string;
  phoneNumber: string;
  outcome: 'repointed' | 'unchanged' | 'failed';
  error?: string;
};

/**
 * Points every number of the account at this API's webhooks (voice, call status, SMS): what an operator
 * runs after the API's address changed, or for numbers bought before a webhook existed. A number someone
 * holds gets their id in its voice URL (`ownerOf`, read from the reservations), as a purchase sets it.
 * Numbers already pointing there are left alone; one number failing does not stop the others, and is
 * reported.
 */
export async function repointNumbers(
  telephony: Pick<TelephonyProvider, 'listNumbers' | 'pointWebhooks'>,
  publicApiUrl: string,
  ownerOf: (phoneNumber: string) => Promise<string | undefined> = async () => undefined,
): Promise<RepointOutcome[]> {
  const outcomes: RepointOutcome[] = [];
  for (const number of await telephony.listNumbers()) {
    const { sid, phoneNumber } = number;
    try {
      const wanted = telephonyWebhookUrls(publicApiUrl, await ownerOf(phoneNumber));
      if (
        number.voiceUrl === wanted.voiceUrl &&
        number.smsUrl === wanted.smsUrl &&
        number.statusCallbackUrl === wanted.statusCallbackUrl
      ) {
        outcomes.push({ sid, phoneNumber, outcome: 'unchanged' });
        continue;
      }
      await telephony.pointWebhooks(sid, wanted);
      outcomes.push({ sid, phoneNumber, outcome: 'repointed' });
    } catch (error) {
      outcomes.push({ sid, phoneNumber, outcome: 'failed', error: (error as Error).message });
    }
  }
  return outcomes;
}
