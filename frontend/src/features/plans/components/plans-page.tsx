import { Link, Navigate } from 'react-router-dom';
import { SignedInScreen } from '../../../components/layout/signed-in-screen';
import { useAuth } from '../../auth/hooks/auth-context';
import { hasVerifiedAccess } from '../../auth/hooks/use-verified-owner';

/** /plans and /pricing. Plan cards, terms and checkout arrive with the plans-and-payments work. */
export default function PlansPage() {
  const { user } = useAuth();
  if (!user) return null;
  if (!hasVerifiedAccess(user)) return <Navigate to="/login" replace />;
  const businessName = user.attributes['custom:business_name'];
  return (
    <SignedInScreen links={<Link to="/dashboard">Dashboard</Link>}>
      <h1>Choose Your Plan</h1>
      <p data-testid="plans-welcome">
        Welcome{businessName ? `, ${businessName}` : ''}! You're signed in as{' '}
        <strong>{user.attributes.email}</strong>.
      </p>
      <div className="card" style={{ padding: 24, maxWidth: 640 }}>
        <p style={{ marginTop: 0 }}>
          Plans start at $99/month with a 14-day free trial. Plan selection and checkout open here in the next
          release of the beta.
        </p>
      </div>
    </SignedInScreen>
  );
}
