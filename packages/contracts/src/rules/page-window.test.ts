import { describe, expect, it } from 'vitest';
import { clampPage, pageWindow } from './page-window.ts';

describe('pageWindow', () => {
  it('lists every page up to 7', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('shows first, last and two either side past 7, with ellipses for the gaps', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 'ellipsis-after', 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-after', 20]);
    expect(pageWindow(5, 20)).toEqual([1, 'ellipsis-before', 3, 4, 5, 6, 7, 'ellipsis-after', 20]);
    expect(pageWindow(10, 20)).toEqual([1, 'ellipsis-before', 8, 9, 10, 11, 12, 'ellipsis-after', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'ellipsis-before', 18, 19, 20]);
    expect(pageWindow(8, 8)).toEqual([1, 'ellipsis-before', 6, 7, 8]);
  });
  it('has no pages for an empty list and keeps the current page in range', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(99, 9)).toEqual([1, 'ellipsis-before', 7, 8, 9]);
  });
});

describe('clampPage', () => {
  it('moves to the last page when the total shrinks', () => {
    expect(clampPage(5, 3)).toBe(3);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(4, 0)).toBe(1);
  });
});
