import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { BACK_OFFICE_INACTIVITY_MS, BACK_OFFICE_INACTIVITY_WARNING_MS } from '@portal/contracts';

// How often activity is reported (to renew the server's hold on the item): well inside the lease.
export const ACTIVITY_REPORT_MS = 5 * 60_000;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

type InactivityOptions = {
  enabled: boolean;
  onTimeout: () => void;
  // Called at most every 5 minutes while the employee is active.
  onActivity?: () => void;
  timeoutMs?: number;
  warningMs?: number;
};

// The back office's inactivity rule (spec 001 sections 4 and 9): 30 minutes without a mouse move
// or key press ends the work on the item; the last 60 seconds count down (secondsLeft) so the
// employee can press Continue Working. Any activity starts the 30 minutes again.
export function useInactivityTimer({
  enabled,
  onTimeout,
  onActivity,
  timeoutMs = BACK_OFFICE_INACTIVITY_MS,
  warningMs = BACK_OFFICE_INACTIVITY_WARNING_MS,
}: InactivityOptions): { secondsLeft: number | null; continueWorking: () => void } {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  // Set when the timer starts (the effect), read by the handlers.
  const lastActivity = useRef(0);
  const lastReport = useRef(0);
  const timeOut = useEffectEvent(() => onTimeout());

  // Continue Working (the modal's button; its click is activity the effect sees too).
  const continueWorking = useCallback(() => {
    lastActivity.current = Date.now();
    setSecondsLeft(null);
  }, []);

  // A mouse move or key press: the 30 minutes start again, and the server hears of it now and then.
  const onEmployeeActivity = useEffectEvent(() => {
    continueWorking();
    if (Date.now() - lastReport.current >= ACTIVITY_REPORT_MS) {
      lastReport.current = Date.now();
      onActivity?.();
    }
  });

  useEffect(() => {
    if (!enabled) return;
    lastActivity.current = Date.now();
    lastReport.current = Date.now();
    let timedOut = false;
    const onEvent = () => {
      if (!timedOut) onEmployeeActivity();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onEvent, { passive: true });
    // Checked every second from the time of the last activity, so a tab the browser throttled still
    // times out on time when it wakes.
    const tick = window.setInterval(() => {
      const left = timeoutMs - (Date.now() - lastActivity.current);
      if (left <= 0) {
        if (timedOut) return;
        timedOut = true;
        setSecondsLeft(null);
        timeOut();
      } else if (left <= warningMs) setSecondsLeft(Math.ceil(left / 1000));
      else setSecondsLeft((shown) => (shown === null ? shown : null));
    }, 1000);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onEvent);
      window.clearInterval(tick);
      setSecondsLeft(null);
    };
  }, [enabled, timeoutMs, warningMs]);

  return { secondsLeft: enabled ? secondsLeft : null, continueWorking };
}
