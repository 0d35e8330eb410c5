import { telephonyWebhookUrls, type TelephonyProvider } from './port';

export type RepointOutcome = {
  sid: string;
  phoneNumber: string;
  outcome: 'repointed' | 'unchanged' | 'failed';
  error?: string;
};

/**
 * Points every number of the account at this API's webhooks (voice, call status, SMS): what an operator
 * runs after the API's address changed, or for numbers bought before a webhook existed. Numbers already
 * pointing there are left alone; one number failing does not stop the others, and is reported.
 */
export async function repointNumbers(
  telephony: Pick<TelephonyProvider, 'listNumbers' | 'pointWebhooks'>,
  publicApiUrl: string,
): Promise<RepointOutcome[]> {
  const wanted = telephonyWebhookUrls(publicApiUrl);
  const outcomes: RepointOutcome[] = [];
  for (const number of await telephony.listNumbers()) {
    const { sid, phoneNumber } = number;
    if (
      number.voiceUrl === wanted.voiceUrl &&
      number.smsUrl === wanted.smsUrl &&
      number.statusCallbackUrl === wanted.statusCallbackUrl
    ) {
      outcomes.push({ sid, phoneNumber, outcome: 'unchanged' });
      continue;
    }
    try {
      await telephony.pointWebhooks(sid, wanted);
      outcomes.push({ sid, phoneNumber, outcome: 'repointed' });
    } catch (error) {
      outcomes.push({ sid, phoneNumber, outcome: 'failed', error: (error as Error).message });
    }
  }
  return outcomes;
}
