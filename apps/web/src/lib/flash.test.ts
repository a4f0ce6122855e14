import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFlashes, dismissFlash, flash, readFlashes } from './flash.ts';

describe('flash messages', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    clearFlashes();
    vi.useRealTimers();
  });

  it('defaults to a 7-second success message', () => {
    const id = flash('Settlement created');
    expect(readFlashes()).toEqual([
      { id, message: 'Settlement created', duration: 7, type: 'success', placement: 'corner' },
    ]);
  });

  it('stacks messages in order, each with its own id, type and duration', () => {
    const first = flash('Saved');
    const second = flash('Something broke', { type: 'error', duration: 3 });
    expect(first).not.toBe(second);
    expect(readFlashes().map(({ message, type, duration }) => ({ message, type, duration }))).toEqual([
      { message: 'Saved', type: 'success', duration: 7 },
      { message: 'Something broke', type: 'error', duration: 3 },
    ]);
  });

  it('dismisses each message after its own duration', () => {
    flash('Long one');
    flash('Short one', { duration: 2 });
    vi.advanceTimersByTime(1999);
    expect(readFlashes()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(readFlashes().map((entry) => entry.message)).toEqual(['Long one']);
    vi.advanceTimersByTime(5000);
    expect(readFlashes()).toEqual([]);
  });

  it('can be dismissed by hand before its time', () => {
    const id = flash('Instructions sent.', { type: 'info' });
    flash('Text Sent');
    dismissFlash(id);
    expect(readFlashes().map((entry) => entry.message)).toEqual(['Text Sent']);
    // the cancelled timer does not fire later
    vi.advanceTimersByTime(7000);
    expect(readFlashes()).toEqual([]);
  });
});
