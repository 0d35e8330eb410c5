import type { ReactNode } from 'react';
import { Logo } from '../ui/logo';
import { useAuth } from '../../features/auth/hooks/auth-context';
import './app-header.css';

/** Top bar of the signed-in screens: brand, the screen's own links, Sign Out (to the site root). */
export function AppHeader({ children }: { children?: ReactNode }) {
  const { logout } = useAuth();
  return (
    <header className="app-header">
      <div className="container app-header-inner">
        <Logo />
        <nav className="app-header-nav">
          {children}
          <button type="button" className="btn btn-secondary" onClick={() => void logout()}>
            Sign Out
          </button>
        </nav>
      </div>
    </header>
  );
}
