import type { ReactNode } from 'react';

interface AlertProps {
  kind: 'success' | 'error' | 'info';
  children: ReactNode;
}

/** Errors interrupt screen readers (role alert); successes and notes are announced politely. */
export function Alert({ kind, children }: AlertProps) {
  return (
    <div className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
