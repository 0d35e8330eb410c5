import type { waitlistResponseSchema } from '@shared/schemas/waitlist';
import { apiRequest } from './api-client';

/** Spec §7 POST /oauth/beta-waitlist: the owner who is not (yet) a beta tester asks for a place. */
export const joinBetaWaitlist = (email: string) =>
  apiRequest<typeof waitlistResponseSchema>('/oauth/beta-waitlist', {
    method: 'POST',
    body: { email },
    action: 'join the beta waitlist',
  });
