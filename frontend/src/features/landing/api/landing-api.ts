import { SAMPLE_CALL_PATH } from '@shared/sample-call';
import type { SampleCallResponse } from '@shared/schemas/sample-call';
import type { InternationalWaitlistRequest } from '@shared/schemas/waitlist';
import { apiRequest } from '../../../lib/api-client';

/** The landing page's public calls: no token. */
export const landingApi = {
  sampleCall: () =>
    apiRequest<SampleCallResponse>(SAMPLE_CALL_PATH, { action: 'load the sample call', auth: false }),
  joinInternationalWaitlist: (entry: InternationalWaitlistRequest) =>
    apiRequest<{ joined: true }>('/oauth/international-waitlist', {
      method: 'POST',
      body: entry,
      action: 'join the waitlist',
      auth: false,
    }),
};
