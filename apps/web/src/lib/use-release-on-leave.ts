import { useEffect, useEffectEvent, useRef } from 'react';

// Lets go of a held item (a dispute, a notice) when its screen is left: on unmount (another route,
// Back) and on pagehide (the tab closed or reloaded), where only a keepalive request still goes out.
// Pass null while nothing is held. Each hold is released at most once.
// An unmount is released a task later, and not at all if the component mounts again meanwhile:
// React's StrictMode rehearses every mount in development (mount, unmount, mount in one go), which
// must not let go of the item the screen has just taken.
export function useReleaseOnLeave(release: (() => void) | null): void {
  const pendingUnmount = useRef<ReturnType<typeof setTimeout> | null>(null);
  const holding = release !== null;
  const releaseNow = useEffectEvent(() => release?.());

  useEffect(() => {
    if (!holding) return;
    if (pendingUnmount.current !== null) {
      clearTimeout(pendingUnmount.current);
      pendingUnmount.current = null;
    }
    let released = false;
    const releaseOnce = () => {
      if (released) return;
      released = true;
      releaseNow();
    };
    window.addEventListener('pagehide', releaseOnce);
    return () => {
      window.removeEventListener('pagehide', releaseOnce);
      pendingUnmount.current = setTimeout(() => {
        pendingUnmount.current = null;
        releaseOnce();
      }, 0);
    };
  }, [holding]);
}
