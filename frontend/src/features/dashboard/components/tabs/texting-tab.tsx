import { Suspense } from 'react';
import { REGISTRATION_FORM_TEXTS } from '@shared/messaging-registration-form';
import { useAuth } from '../../../auth';
import { RegistrationPanel } from '../../../texting-registration';
import { useGuardedDashboardConfig } from '../../hooks/use-dashboard-config';
import { MissedCallTextBackPanel } from '../../../caller-gates';

/**
 * The dashboard's Texting tab: the business's texting (A2P 10DLC) registration, its state and its legal
 * details (docs/decisions/169-a2p-10dlc-registration.md). A first form starts from the business's name and
 * website as setup saved them, and the owner's e-mail.
 */
export function TextingTab({ userId }: { userId: string }) {
  const config = useGuardedDashboardConfig(userId);
  const { user } = useAuth();
  const defaults = {
    legalName: config.data?.business_name ?? '',
    website: config.data?.website ?? '',
    email: user?.attributes.email ?? '',
  };
  return (
    <>
      <div className="card dashboard-panel">
        <Suspense fallback={<p className="dashboard-muted">{REGISTRATION_FORM_TEXTS.loading}</p>}>
          <RegistrationPanel userId={userId} defaults={defaults} />
        </Suspense>
      </div>
      <MissedCallTextBackPanel userId={userId} />
    </>
  );
}
