import type { ReactNode } from 'react';
import { Logo } from '../ui/logo';
// Its stylesheet (app-header.css) is the entry's: the entry paints this frame before any signed-in screen's
// code has arrived (app/remembered-screen.ts, docs/decisions/188).

/**
 * Top bar of the signed-in screens: brand, the screen's own links, Sign Out (to the site root). The screen
 * hands in its sign-out, so this shared component knows no feature (decision 165).
 */
export function AppHeader({ children, onSignOut }: { children?: ReactNode; onSignOut: () => Promise<void> }) {
  return (
    <header className="app-header">
      <div className="container app-header-inner">
        <Logo />
        <nav className="app-header-nav">
          {children}
          <button type="button" className="btn btn-secondary" onClick={() => void onSignOut()}>
            Sign Out
          </button>
        </nav>
      </div>
    </header>
  );
}
