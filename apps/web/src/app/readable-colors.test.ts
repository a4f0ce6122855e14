import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { MIN_TEXT_CONTRAST, contrastRatio } from './readable-colors.ts';
import { theme } from './theme.ts';

const palettes = Object.entries(theme.colors ?? {}).filter(([name]) => name !== 'dark');
const page = ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];

describe('the theme’s colours (WCAG 1.4.3, 4.5:1 for text)', () => {
  it('covers every light-scheme palette of Mantine', () => {
    expect(palettes.map(([name]) => name).sort()).toEqual(
      Object.keys(DEFAULT_THEME.colors)
        .filter((name) => name !== 'dark')
        .sort(),
    );
  });

  it.each(palettes)('%s: white reads on the filled shade, shades 6 to 9 read on the page', (_, palette) => {
    expect(contrastRatio('#ffffff', palette![6]!)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    for (const shade of [6, 7, 8, 9])
      for (const background of page)
        expect(contrastRatio(palette![shade]!, background), `shade ${shade} on ${background}`).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
  });

  it.each(palettes)('%s: a light badge or button reads, hovered too (shade 9 on 0, 1 and 2)', (_, palette) => {
    for (const background of [0, 1, 2])
      expect(contrastRatio(palette![9]!, palette![background]!)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it.each(palettes)('%s: keeps the light shades and gets darker from 6 to 9', (name, palette) => {
    expect(palette!.slice(0, 6)).toEqual(DEFAULT_THEME.colors[name]!.slice(0, 6));
    for (const shade of [7, 8, 9])
      expect(contrastRatio(palette![shade]!, '#ffffff')).toBeGreaterThan(
        contrastRatio(palette![shade - 1]!, '#ffffff'),
      );
  });

  it('darkens only what fell short: indigo (the primary colour) was close, gray.6 (dimmed text) was not', () => {
    // Mantine's own: white on indigo.6 4.3:1, gray.6 on white 3.3:1, yellow.9 on yellow.1 2.7:1.
    expect(contrastRatio('#ffffff', DEFAULT_THEME.colors.indigo[6])).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio(DEFAULT_THEME.colors.yellow[9], DEFAULT_THEME.colors.yellow[1])).toBeLessThan(
      MIN_TEXT_CONTRAST,
    );
    // gray.7 and darker were fine and are kept.
    expect(theme.colors?.gray?.slice(7)).toEqual(DEFAULT_THEME.colors.gray.slice(7));
  });
});
