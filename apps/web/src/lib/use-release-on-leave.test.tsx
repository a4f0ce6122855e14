import { StrictMode, type ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useReleaseOnLeave } from './use-release-on-leave.ts';

describe('useReleaseOnLeave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('releases once when the tab closes, not again on unmount', () => {
    const release = vi.fn();
    const { unmount } = renderHook(() => useReleaseOnLeave(release));
    window.dispatchEvent(new Event('pagehide'));
    unmount();
    vi.runAllTimers();
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
    vi.runAllTimers();
    expect(release).toHaveBeenCalledTimes(1);
  });

  it("survives StrictMode's rehearsal of the mount without letting go", () => {
    const release = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;
    const { unmount } = renderHook(() => useReleaseOnLeave(release), { wrapper });
    vi.runAllTimers();
    expect(release).not.toHaveBeenCalled();
    unmount();
    vi.runAllTimers();
    expect(release).toHaveBeenCalledTimes(1);
  });
});
