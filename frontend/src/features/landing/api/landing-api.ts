import { SAMPLE_CALL_PATH } from '@shared/sample-call';
import type { sampleCallResponseSchema } from '@shared/schemas/sample-call';
import type { InternationalWaitlistRequest, waitlistResponseSchema } from '@shared/schemas/waitlist';
import { apiRequest } from '../../../lib/api-client';

/** The landing page's public calls: no token. */
export const landingApi = {
  sampleCall: () =>
    apiRequest<typeof sampleCallResponseSchema>(SAMPLE_CALL_PATH, {
      action: 'load the sample call',
      auth: false,
    }),
  joinInternationalWaitlist: (entry: InternationalWaitlistRequest) =>
    apiRequest<typeof waitlistResponseSchema>('/oauth/international-waitlist', {
      method: 'POST',
      body: entry,
      action: 'join the waitlist',
      auth: false,
    }),
};
