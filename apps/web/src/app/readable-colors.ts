import { DEFAULT_THEME, luminance, type MantineColorsTuple } from '@mantine/core';

// WCAG 2.2 AA asks 4.5:1 for text (1.4.3). Mantine's palettes keep their light shades for
// backgrounds and their dark ones (6 to 9) for text and filled controls: `c="dimmed"` is gray.6, a
// filled button is white on shade 6, a link is the primary colour's shade 6, a light badge or alert
// title is shade 9 on shade 1 (2 when hovered). In Mantine's own palettes many of those pairs are
// under 4.5:1 (white on green.6 is 2.4:1, yellow.9 on yellow.1 2.7:1, gray.6 on white 3.3:1), so
// the theme darkens exactly the shades that fall short, keeping their hue, and leaves the rest.

export const MIN_TEXT_CONTRAST = 4.5;
// Rounding to whole RGB values and anti-aliasing cost a little: aim a bit above the line.
const TARGET = 4.6;
// Each of shades 6 to 9 stays darker than the one before by at least this much luminance, so
// hover (one shade darker) still shows after darkening.
const STEP = 0.85;

const WHITE = '#ffffff';
// The light backgrounds text sits on: cards and dialogs (white), the signed-in shell (gray.0),
// striped rows, hovered rows and filled inputs (gray.1).
const PAGE_BACKGROUNDS = [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];

export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function hexToRgb(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((digit) => digit + digit).join('') : value;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
}

// Mixes the colour with black (the hue stays), as a hex string.
function darken(hex: string, amount: number): string {
  return `#${hexToRgb(hex)
    .map((channel) => Math.round(channel * (1 - amount)))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;
}

// The backgrounds shade `index` of a palette is read on: the page's, and for shade 9 (the light
// variants' text) the palette's own light shades too: 1 (light), 2 (light, hovered), 0.
export function backgroundsOf(palette: readonly string[], index: number): string[] {
  return index === 9 ? [...PAGE_BACKGROUNDS, palette[0]!, palette[1]!, palette[2]!] : PAGE_BACKGROUNDS;
}

const readsOn = (color: string, backgrounds: readonly string[]) =>
  backgrounds.every((background) => contrastRatio(color, background) >= TARGET);

// The palette with shades 6 to 9 darkened just enough to read on their backgrounds.
export function readablePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const shades = [...palette];
  for (let index = 6; index <= 9; index += 1) {
    const backgrounds = backgroundsOf(palette, index);
    const darkerThan = index === 6 ? Infinity : luminance(shades[index - 1]!) * STEP;
    let shade = palette[index]!;
    for (
      let amount = 0.01;
      amount < 1 && !(readsOn(shade, backgrounds) && luminance(shade) <= darkerThan);
      amount += 0.01
    )
      shade = darken(palette[index]!, amount);
    shades[index] = shade;
  }
  return shades as unknown as MantineColorsTuple;
}

// Every palette of Mantine's light scheme made readable ('dark' is the dark scheme's, unused here).
export const readableColors: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors)
    .filter(([name]) => name !== 'dark')
    .map(([name, palette]) => [name, readablePalette(palette)]),
);
