import type { ReactNode } from 'react';

export function CenteredStatus({ children }: { children: ReactNode }) {
  return (
    <div className="centered-status" role="status">
      {children}
    </div>
  );
}
