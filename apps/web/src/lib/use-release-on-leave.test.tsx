import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useReleaseOnLeave } from './use-release-on-leave.ts';

describe('useReleaseOnLeave', () => {
  it('releases once when the tab closes, not again on unmount', () => {
    const release = vi.fn();
    const { unmount } = renderHook(() => useReleaseOnLeave(release));
    window.dispatchEvent(new Event('pagehide'));
    unmount();
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('releases when the screen is left, and not while nothing is held', () => {
    const release = vi.fn();
    const { rerender, unmount } = renderHook(({ held }) => useReleaseOnLeave(held ? release : null), {
      initialProps: { held: false },
    });
    window.dispatchEvent(new Event('pagehide'));
    expect(release).not.toHaveBeenCalled();
    rerender({ held: true });
    unmount();
    expect(release).toHaveBeenCalledTimes(1);
  });
});
