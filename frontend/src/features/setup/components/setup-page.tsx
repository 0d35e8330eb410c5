import { Link } from 'react-router-dom';
import { AppHeader } from '../../../components/layout/app-header';

/** Placeholder until its own issue builds the screen. */
export default function SetupPage() {
  return (
    <>
      <AppHeader>
        <Link to="/plans">Plans</Link>
      </AppHeader>
      <main className="container" style={{ padding: '40px 20px' }}>
        <h1>Setup Your Assistant</h1>
        <p>This screen is being built. Your account is ready and your data is safe.</p>
      </main>
    </>
  );
}
