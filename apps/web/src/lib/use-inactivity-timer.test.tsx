import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_OFFICE_INACTIVITY_MS } from '@portal/contracts';
import { ACTIVITY_REPORT_MS, useInactivityTimer } from './use-inactivity-timer.ts';

describe('useInactivityTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down the last 60 seconds of 30 minutes, then times out once', () => {
    const onTimeout = vi.fn();
    const { result } = renderHook(() => useInactivityTimer({ enabled: true, onTimeout }));
    act(() => {
      vi.advanceTimersByTime(BACK_OFFICE_INACTIVITY_MS - 61_000);
    });
    expect(result.current.secondsLeft).toBeNull();
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(result.current.secondsLeft).toBe(59);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(result.current.secondsLeft).toBeNull();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('starts again on a key press or mouse move, and on Continue Working', () => {
    const onTimeout = vi.fn();
    const { result } = renderHook(() => useInactivityTimer({ enabled: true, onTimeout }));
    act(() => {
      vi.advanceTimersByTime(BACK_OFFICE_INACTIVITY_MS - 30_000);
    });
    expect(result.current.secondsLeft).toBe(30);
    act(() => {
      fireEvent.keyDown(window, { key: 'a' });
    });
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current.secondsLeft).toBeNull();
    act(() => {
      vi.advanceTimersByTime(BACK_OFFICE_INACTIVITY_MS - 30_000);
    });
    act(() => {
      fireEvent.mouseMove(window);
    });
    act(() => {
      vi.advanceTimersByTime(BACK_OFFICE_INACTIVITY_MS - 30_000);
    });
    act(() => {
      result.current.continueWorking();
    });
    act(() => {
      vi.advanceTimersByTime(BACK_OFFICE_INACTIVITY_MS - 30_000);
    });
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('reports activity at most every 5 minutes, and nothing when disabled', () => {
    const onActivity = vi.fn();
    const onTimeout = vi.fn();
    const { rerender } = renderHook(({ enabled }) => useInactivityTimer({ enabled, onTimeout, onActivity }), {
      initialProps: { enabled: true },
    });
    act(() => {
      fireEvent.mouseMove(window);
    });
    expect(onActivity).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(ACTIVITY_REPORT_MS);
    });
    act(() => {
      fireEvent.mouseMove(window);
      fireEvent.mouseMove(window);
    });
    expect(onActivity).toHaveBeenCalledTimes(1);
    rerender({ enabled: false });
    act(() => {
      vi.advanceTimersByTime(BACK_OFFICE_INACTIVITY_MS * 2);
    });
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
