import { useEffect, useRef } from 'react';

// Runs save every intervalMs while enabled (drafts only, spec 001 sections 4 and 9). The latest
// save is always the one called, so the timer is not restarted by every keystroke.
export function useAutosave(enabled: boolean, intervalMs: number, save: () => void): void {
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => latest.current(), intervalMs);
    return () => window.clearInterval(timer);
  }, [enabled, intervalMs]);
}
