import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { readSession } from '../lib/session.ts';
import { DiscardChangesModal } from './discard-changes-modal.tsx';

// While there are unsaved edits: leaving the screen in the app asks first, and so does the browser
// when the tab is closed or reloaded. A sign-out (the session already gone) is never held up.
export function UnsavedChangesGuard({ when, subject }: { when: boolean; subject: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && readSession() !== null && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <DiscardChangesModal
      opened={blocker.state === 'blocked'}
      subject={subject}
      action="leave this screen"
      onStay={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}
