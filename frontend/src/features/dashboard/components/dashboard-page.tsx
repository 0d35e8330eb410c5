import { Link } from 'react-router-dom';
import { SignedInScreen } from '../../../components/layout/signed-in-screen';

/** Placeholder until its own issue builds the screen. */
export default function DashboardPage() {
  return (
    <SignedInScreen links={<Link to="/plans">Plans</Link>}>
      <h1>Dashboard</h1>
      <p>This screen is being built. Your account is ready and your data is safe.</p>
    </SignedInScreen>
  );
}
