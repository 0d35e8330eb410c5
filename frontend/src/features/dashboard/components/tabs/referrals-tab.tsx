import { ComingSoonPanel } from './coming-soon-panel';

/** Placeholder: the dashboard work fills this tab. */
export function ReferralsTab() {
  return (
    <ComingSoonPanel title="Referrals">
      Invite other business owners and earn a free month for each friend who completes the trial. Coming soon.
    </ComingSoonPanel>
  );
}
