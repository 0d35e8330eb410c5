import { useState } from 'react';
import { PLAN_TIMINGS } from '@shared/plans';
import { BetaWaitlistModal } from '../../../components/beta/beta-waitlist-modal';
import { joinBetaWaitlist } from '../../../lib/beta-waitlist';
import { useAuth } from '../hooks/auth-context';

/**
 * The beta prompt of the setup and dashboard screens (spec §2, §4): an owner whose beta flag is 'false' is
 * offered the waitlist and signed out either way: 3 s after joining, at once on 'No Thanks'. A failed
 * waitlist call is logged and the owner is signed out anyway.
 */
export function BetaGate() {
  const { user, logout } = useAuth();
  const [state, setState] = useState<'asking' | 'sending' | 'done'>('asking');
  if (user?.attributes['custom:beta_tester'] !== 'false') return null;
  const email = user.attributes.email ?? '';
  return (
    <BetaWaitlistModal
      email={email}
      state={state}
      onNoThanks={() => void logout()}
      onJoin={() => {
        setState('sending');
        joinBetaWaitlist(email)
          .catch((error: unknown) => console.warn('Beta waitlist failed', error))
          .finally(() => {
            setState('done');
            window.setTimeout(() => void logout(), PLAN_TIMINGS.waitlistAutoCloseMs);
          });
      }}
    />
  );
}
