import { adminPaths } from '@cfp/shared';
import { useEffect } from 'react';
import { useBlocker, useHref } from 'react-router-dom';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface UnsavedChangesPromptProps {
  when: boolean;
  /** Called when the user chooses to leave anyway. */
  onLeave?: () => void;
}

/** Asks before leaving a page with unsaved changes, inside the app (router) and out of it (tab close, reload). */
export function UnsavedChangesPrompt({ when, onLeave }: UnsavedChangesPromptProps) {
  // An expired session must reach the login page; the editor's local draft keeps the work.
  const loginPath = useHref(adminPaths.login);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && nextLocation.pathname !== currentLocation.pathname && nextLocation.pathname !== loginPath,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title="Leave without saving?"
      message="You have unsaved changes. If you leave this page now, they will be lost."
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => {
        onLeave?.();
        blocker.proceed();
      }}
      onCancel={() => blocker.reset()}
    />
  );
}
