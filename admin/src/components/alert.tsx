import { type ReactNode, useRef } from 'react';
import { useAnnouncedText } from '../hooks/use-announced-text.ts';

interface AlertProps {
  kind: 'success' | 'error' | 'info';
  children: ReactNode;
}

/** Errors interrupt screen readers (role alert); successes and notes are said through the one polite live region. */
export function Alert({ kind, children }: AlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useAnnouncedText(ref, kind !== 'error');
  return (
    <div ref={ref} className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : undefined}>
      {children}
    </div>
  );
}
