import { useEffect, useRef } from 'react';

// Lets go of a held item (a dispute, a notice) when its screen is left: on unmount (another route,
// Back) and on pagehide (the tab closed or reloaded), where only a keepalive request still goes out.
// Pass null while nothing is held. Each hold is released at most once.
export function useReleaseOnLeave(release: (() => void) | null): void {
  const current = useRef(release);
  current.current = release;
  const holding = release !== null;

  useEffect(() => {
    if (!holding) return;
    let released = false;
    const releaseOnce = () => {
      if (released) return;
      released = true;
      current.current?.();
    };
    window.addEventListener('pagehide', releaseOnce);
    return () => {
      window.removeEventListener('pagehide', releaseOnce);
      releaseOnce();
    };
  }, [holding]);
}
