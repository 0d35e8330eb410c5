import { useDeferredValue, useState } from 'react';
import { SignedInScreen } from '../../../components/layout/signed-in-screen';
import { BetaGate, useAuth } from '../../auth';
import { useSetupConfig } from '../hooks/use-setup-config';
import { WIZARD_TEXT } from '../wizard-text';
import { SetupWizard, SetupWizardLoading } from './setup-wizard';
import { PaymentReturnAlert } from './payment-return-alert';
import './setup.css';

/** /setup: the top bar (brand link, Sign Out), the title and the wizard (its likely step's frame until the config has loaded). */
export default function SetupPage() {
  const { user, logout } = useAuth();
  // The payment-return notice belongs to the step it was shown on: moving on removes it.
  const [movedOn, setMovedOn] = useState(false);
  if (!user) return null;
  return (
    <SignedInScreen links={null} onSignOut={logout}>
      <div className="setup-page">
        <h1 className="setup-heading">{WIZARD_TEXT.title}</h1>
        <PaymentReturnAlert hidden={movedOn} />
        <BetaGate />
        <SetupContent
          userId={user.userId}
          email={user.attributes.email ?? ''}
          onStepChange={() => setMovedOn(true)}
        />
      </div>
    </SignedInScreen>
  );
}

function SetupContent({
  userId,
  email,
  onStepChange,
}: {
  userId: string;
  email: string;
  onStepChange: () => void;
}) {
  const { data, isPending, isError, error, refetch, storeConfig } = useSetupConfig(userId);
  // The config's answer reaches React through the query cache's store, whose updates render at once, in one
  // task: the whole wizard, 9-12 ms of CPU in the session-40 traces, a long task on a phone's slower CPU
  // (issue 41 §4, docs/decisions/188). Revealed through a deferred value, as the dashboard is, React renders
  // it in the background in slices, keeping the step's frame on the screen until then.
  const shown = !useDeferredValue(isPending) && !isPending;
  if (!shown) return <SetupWizardLoading userId={userId} />;
  if (isError) {
    return (
      <div className="alert alert-error" role="alert">
        {error.message}{' '}
        <button type="button" className="btn-link" onClick={() => void refetch()}>
          Try Again
        </button>
      </div>
    );
  }
  return (
    <SetupWizard
      userId={userId}
      email={email}
      initialConfig={data}
      config={data}
      storeConfig={storeConfig}
      onStepChange={onStepChange}
    />
  );
}
