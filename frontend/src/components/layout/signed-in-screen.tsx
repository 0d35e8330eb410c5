import type { ReactNode } from 'react';
import { AppHeader } from './app-header';

/** A signed-in screen: the app header with the screen's links, then its content. */
export function SignedInScreen({
  links,
  onSignOut,
  children,
}: {
  links: ReactNode;
  onSignOut: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <>
      <AppHeader onSignOut={onSignOut}>{links}</AppHeader>
      <main className="container signed-in-main">{children}</main>
    </>
  );
}
