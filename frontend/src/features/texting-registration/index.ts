import { lazy } from 'react';
import { onDemand } from '../../lib/chunk-load';

// Public entry of texting (A2P 10DLC) registration. The panel checks the form with the API's schema, and so
// loads zod: it comes in its own chunk when shown (setup's step 4, the dashboard's Texting tab). The
// Overview's notice is light and static.

export { TextingPausedNotice } from './components/texting-paused-notice';
export type { RegistrationDefaults } from './registration-form';

const registrationPanel = onDemand('texting-registration', () => import('./components/registration-panel'));
/** The registration's state and form; render it inside a Suspense boundary. */
export const RegistrationPanel = lazy(async () => ({
  default: (await registrationPanel.get()).RegistrationPanel,
}));
