import jpeg from 'jpeg-js';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDollars, US_STATES } from '@portal/contracts';
import { toWinAnsi } from '@portal/server/seeding';

// Documents for the identity and income reviews of the demo: a driver license photographed on a
// desk, a selfie, and a paystub both as the payroll PDF and as a phone photo of the printout.
// Drawn in plain JavaScript (pixels into an RGBA buffer, encoded by jpeg-js; the PDF by pdf-lib)
// so the demo needs no native image library and no image files. The same input (and seed) always
// gives the same bytes, so seeded demo data is stable from one start to the next.

// ---------------------------------------------------------------------------------------------
// Randomness, seeded

// mulberry32: small and good enough for colours, grain and demo answers; the point is repeatability
// (the same numbers from the same seed on every machine).
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// FNV-1a, to seed from the document's own content when the caller gives no seed.
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T;
}

// ---------------------------------------------------------------------------------------------
// Colours

type Rgb = readonly [number, number, number];

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [
    from[0] + (to[0] - from[0]) * amount,
    from[1] + (to[1] - from[1]) * amount,
    from[2] + (to[2] - from[2]) * amount,
  ];
}

function shade(color: Rgb, factor: number): Rgb {
  return [color[0] * factor, color[1] * factor, color[2] * factor];
}

// A colour of the given hue (degrees), saturation and lightness (0-1).
function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const sector = (((hue % 360) + 360) % 360) / 60;
  const second = chroma * (1 - Math.abs((sector % 2) - 1));
  const base = lightness - chroma / 2;
  const [r, g, b] =
    sector < 1
      ? [chroma, second, 0]
      : sector < 2
        ? [second, chroma, 0]
        : sector < 3
          ? [0, chroma, second]
          : sector < 4
            ? [0, second, chroma]
            : sector < 5
              ? [second, 0, chroma]
              : [chroma, 0, second];
  return [(r + base) * 255, (g + base) * 255, (b + base) * 255];
}

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [28, 30, 36];

// ---------------------------------------------------------------------------------------------
// A 5x7 bitmap font: each glyph is seven rows of five columns, '#' on. Text is drawn in capitals,
// as on licenses and payroll printouts, so no lower case is needed.

const GLYPH_ROWS: Record<string, string> = {
  A: '.###. #...# #...# ##### #...# #...# #...#',
  B: '####. #...# #...# ####. #...# #...# ####.',
  C: '.###. #...# #.... #.... #.... #...# .###.',
  D: '###.. #..#. #...# #...# #...# #..#. ###..',
  E: '##### #.... #.... ####. #.... #.... #####',
  F: '##### #.... #.... ####. #.... #.... #....',
  G: '.###. #...# #.... #.### #...# #...# .####',
  H: '#...# #...# #...# ##### #...# #...# #...#',
  I: '.###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.',
  J: '..### ...#. ...#. ...#. ...#. #..#. .##..',
  K: '#...# #..#. #.#.. ##... #.#.. #..#. #...#',
  L: '#.... #.... #.... #.... #.... #.... #####',
  M: '#...# ##.## #.#.# #.#.# #...# #...# #...#',
  N: '#...# #...# ##..# #.#.# #..## #...# #...#',
  O: '.###. #...# #...# #...# #...# #...# .###.',
  P: '####. #...# #...# ####. #.... #.... #....',
  Q: '.###. #...# #...# #...# #.#.# #..#. .##.#',
  R: '####. #...# #...# ####. #.#.. #..#. #...#',
  S: '.#### #.... #.... .###. ....# ....# ####.',
  T: '##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..',
  U: '#...# #...# #...# #...# #...# #...# .###.',
  V: '#...# #...# #...# #...# #...# .#.#. ..#..',
  W: '#...# #...# #...# #.#.# #.#.# #.#.# .#.#.',
  X: '#...# #...# .#.#. ..#.. .#.#. #...# #...#',
  Y: '#...# #...# #...# .#.#. ..#.. ..#.. ..#..',
  Z: '##### ....# ...#. ..#.. .#... #.... #####',
  '0': '.###. #...# #..## #.#.# ##..# #...# .###.',
  '1': '..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.',
  '2': '.###. #...# ....# ...#. ..#.. .#... #####',
  '3': '##### ...#. ..#.. ...#. ....# #...# .###.',
  '4': '...#. ..##. .#.#. #..#. ##### ...#. ...#.',
  '5': '##### #.... ####. ....# ....# #...# .###.',
  '6': '..##. .#... #.... ####. #...# #...# .###.',
  '7': '##### ....# ...#. ..#.. .#... .#... .#...',
  '8': '.###. #...# #...# .###. #...# #...# .###.',
  '9': '.###. #...# #...# .#### ....# ...#. .##..',
  ' ': '..... ..... ..... ..... ..... ..... .....',
  '-': '..... ..... ..... ##### ..... ..... .....',
  '/': '..... ....# ...#. ..#.. .#... #.... .....',
  ':': '..... .##.. .##.. ..... .##.. .##.. .....',
  '.': '..... ..... ..... ..... ..... .##.. .##..',
  ',': '..... ..... ..... ..... .##.. ..#.. .#...',
  '#': '.#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.',
  $: '..#.. .#### #.#.. .###. ..#.# ####. ..#..',
  '(': '...#. ..#.. .#... .#... .#... ..#.. ...#.',
  ')': '.#... ..#.. ...#. ...#. ...#. ..#.. .#...',
  '&': '.##.. #..#. #.#.. .#... #.#.# #..#. .##.#',
  "'": '..#.. ..#.. .#... ..... ..... ..... .....',
  '%': '##... ##..# ...#. ..#.. .#... #..## ...##',
  '*': '..... ..#.. #.#.# .###. #.#.# ..#.. .....',
  '+': '..... ..#.. ..#.. ##### ..#.. ..#.. .....',
  '@': '.###. #...# ....# .##.# #.#.# #.#.# .###.',
  '?': '.###. #...# ....# ...#. ..#.. ..... ..#..',
};

// Each glyph as its 35 cells, row by row.
const GLYPHS = new Map(
  Object.entries(GLYPH_ROWS).map(([char, rows]) => [char, [...rows.replace(/ /g, '')].map((cell) => cell === '#')]),
);
const GLYPH_WIDTH = 5;
const GLYPH_HEIGHT = 7;
const ADVANCE = GLYPH_WIDTH + 1;

// What the font can draw of a text: capitals, accents dropped, anything else a question mark.
function fontText(text: string): string {
  return [
    ...text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase(),
  ]
    .map((char) => (GLYPHS.has(char) ? char : '?'))
    .join('');
}

// ---------------------------------------------------------------------------------------------
// A raster to draw on: RGBA, opaque. Shapes are filled by their signed distance (pixels, negative
// inside), which gives smooth edges and, with a wider `soft` edge, the soft shading a face needs.

type Box = { x: number; y: number; width: number; height: number };
type Paint = { alpha?: number; soft?: number; clip?: Box };
type Distance = (x: number, y: number) => number;
type TextStyle = { scale: number; color: Rgb; bold?: boolean; alpha?: number };

function ellipse(cx: number, cy: number, rx: number, ry: number): Distance {
  return (x, y) => {
    const dx = x - cx;
    const dy = y - cy;
    const value = (dx * dx) / (rx * rx) + (dy * dy) / (ry * ry) - 1;
    const gradient = 2 * Math.hypot(dx / (rx * rx), dy / (ry * ry));
    return gradient === 0 ? -Math.min(rx, ry) : value / gradient;
  };
}

function roundedRect(box: Box, radius: number): Distance {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const halfWidth = box.width / 2 - radius;
  const halfHeight = box.height / 2 - radius;
  return (x, y) => {
    const qx = Math.abs(x - cx) - halfWidth;
    const qy = Math.abs(y - cy) - halfHeight;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
  };
}

// The part of the first shape outside the second.
function minus(shape: Distance, cut: Distance): Distance {
  return (x, y) => Math.max(shape(x, y), -cut(x, y));
}

function within(shape: Distance, bound: Distance): Distance {
  return (x, y) => Math.max(shape(x, y), bound(x, y));
}

// Bold is the same glyph drawn twice, the second time shifted right by this much.
function boldOffset(scale: number): number {
  return Math.max(1, Math.round(scale / 2));
}

class Raster {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;

  constructor(width: number, height: number, color: Rgb) {
    this.width = width;
    this.height = height;
    this.data = new Uint8Array(width * height * 4);
    for (let at = 0; at < this.data.length; at += 4) {
      this.data[at] = color[0];
      this.data[at + 1] = color[1];
      this.data[at + 2] = color[2];
      this.data[at + 3] = 255;
    }
  }

  blend(x: number, y: number, color: Rgb, alpha: number): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (y * this.width + x) * 4;
    const keep = 1 - Math.min(alpha, 1);
    for (let channel = 0; channel < 3; channel += 1) {
      const value = this.data[at + channel]! * keep + color[channel]! * (1 - keep);
      this.data[at + channel] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }

  fill(shape: Distance, bounds: Box, color: Rgb, paint: Paint = {}): void {
    const alpha = paint.alpha ?? 1;
    const soft = paint.soft ?? 1;
    const clip = paint.clip ?? { x: 0, y: 0, width: this.width, height: this.height };
    const x0 = Math.max(0, Math.floor(Math.max(bounds.x - soft, clip.x)));
    const y0 = Math.max(0, Math.floor(Math.max(bounds.y - soft, clip.y)));
    const x1 = Math.min(this.width, Math.ceil(Math.min(bounds.x + bounds.width + soft, clip.x + clip.width)));
    const y1 = Math.min(this.height, Math.ceil(Math.min(bounds.y + bounds.height + soft, clip.y + clip.height)));
    for (let y = y0; y < y1; y += 1) {
      for (let x = x0; x < x1; x += 1) {
        const coverage = Math.min(1, Math.max(0, 0.5 - shape(x + 0.5, y + 0.5) / soft));
        if (coverage > 0) this.blend(x, y, color, coverage * alpha);
      }
    }
  }

  fillEllipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, paint?: Paint): void {
    this.fill(ellipse(cx, cy, rx, ry), { x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry }, color, paint);
  }

  fillRect(box: Box, color: Rgb, paint?: Paint): void {
    this.fill(roundedRect(box, 0), box, color, paint);
  }

  fillRoundedRect(box: Box, radius: number, color: Rgb, paint?: Paint): void {
    this.fill(roundedRect(box, radius), box, color, paint);
  }

  // Top to bottom, within `shape` when given (a card's rounded corners).
  gradient(box: Box, top: Rgb, bottom: Rgb, shape?: Distance): void {
    for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(this.height, box.y + box.height); y += 1) {
      const color = mix(top, bottom, (y - box.y) / Math.max(1, box.height - 1));
      for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(this.width, box.x + box.width); x += 1) {
        const coverage = shape ? Math.min(1, Math.max(0, 0.5 - shape(x + 0.5, y + 0.5))) : 1;
        this.blend(x, y, color, coverage);
      }
    }
  }

  // A line of round-capped segments along a path: signatures and security print.
  stroke(points: Array<[number, number]>, width: number, color: Rgb, paint?: Paint): void {
    for (let index = 1; index < points.length; index += 1) {
      const [x0, y0] = points[index - 1]!;
      const [x1, y1] = points[index]!;
      const length = Math.hypot(x1 - x0, y1 - y0);
      const segment: Distance = (x, y) => {
        const t =
          length === 0 ? 0 : Math.max(0, Math.min(1, ((x - x0) * (x1 - x0) + (y - y0) * (y1 - y0)) / length ** 2));
        return Math.hypot(x - (x0 + (x1 - x0) * t), y - (y0 + (y1 - y0) * t)) - width / 2;
      };
      const bounds = {
        x: Math.min(x0, x1) - width,
        y: Math.min(y0, y1) - width,
        width: Math.abs(x1 - x0) + 2 * width,
        height: Math.abs(y1 - y0) + 2 * width,
      };
      this.fill(segment, bounds, color, paint);
    }
  }

  textWidth(text: string, style: TextStyle): number {
    const length = fontText(text).length;
    return length === 0 ? 0 : (length * ADVANCE - 1) * style.scale + (style.bold ? boldOffset(style.scale) : 0);
  }

  // Text from its top-left corner; returns its width.
  text(text: string, x: number, y: number, style: TextStyle): number {
    const { scale, color } = style;
    const alpha = style.alpha ?? 1;
    const passes = style.bold ? [0, boldOffset(scale)] : [0];
    [...fontText(text)].forEach((char, index) => {
      const cells = GLYPHS.get(char) ?? [];
      const left = Math.round(x + index * ADVANCE * scale);
      cells.forEach((on, cell) => {
        if (!on) return;
        const cellX = left + (cell % GLYPH_WIDTH) * scale;
        const cellY = Math.round(y) + Math.floor(cell / GLYPH_WIDTH) * scale;
        for (const pass of passes) {
          for (let dy = 0; dy < scale; dy += 1) {
            for (let dx = 0; dx < scale; dx += 1) this.blend(cellX + dx + pass, cellY + dy, color, alpha);
          }
        }
      });
    });
    return this.textWidth(text, style);
  }

  // Text within `maxWidth`: a smaller scale first, then cut short.
  fitText(text: string, x: number, y: number, maxWidth: number, style: TextStyle, align: 'left' | 'right' = 'left') {
    let fitted = { ...style };
    while (fitted.scale > 2 && this.textWidth(text, fitted) > maxWidth) fitted = { ...fitted, scale: fitted.scale - 1 };
    let value = fontText(text);
    while (value.length > 1 && this.textWidth(value, fitted) > maxWidth) value = value.slice(0, -1);
    const left = align === 'right' ? x + maxWidth - this.textWidth(value, fitted) : x;
    // A smaller scale sits on the same baseline as the larger one would.
    this.text(value, left, y + (style.scale - fitted.scale) * GLYPH_HEIGHT, fitted);
  }

  draw(source: Raster, left: number, top: number, alpha = 1): void {
    for (let y = 0; y < source.height; y += 1) {
      for (let x = 0; x < source.width; x += 1) {
        const at = (y * source.width + x) * 4;
        const color: Rgb = [source.data[at]!, source.data[at + 1]!, source.data[at + 2]!];
        this.blend(left + x, top + y, color, alpha);
      }
    }
  }

  // `source` turned by `angle` (radians) about its centre and placed with that centre at (cx, cy),
  // sampled bilinearly, with a soft drop shadow under it.
  drawTurned(source: Raster, cx: number, cy: number, angle: number, shadow: { dx: number; dy: number; blur: number }) {
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const toSource = (x: number, y: number): [number, number] => [
      cos * (x - cx) + sin * (y - cy) + source.width / 2,
      -sin * (x - cx) + cos * (y - cy) + source.height / 2,
    ];
    const outside = (u: number, v: number) =>
      Math.hypot(Math.max(-u, u - source.width, 0), Math.max(-v, v - source.height, 0));
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        const [su, sv] = toSource(x + 0.5 - shadow.dx, y + 0.5 - shadow.dy);
        const distance = outside(su, sv);
        if (distance < shadow.blur) this.blend(x, y, [0, 0, 0], 0.45 * (1 - distance / shadow.blur) ** 2);
        const [u, v] = toSource(x + 0.5, y + 0.5);
        const coverage = Math.min(1, Math.max(0, Math.min(u, source.width - u, v, source.height - v) + 0.5));
        if (coverage > 0) this.blend(x, y, source.sample(u - 0.5, v - 0.5), coverage);
      }
    }
  }

  sample(u: number, v: number): Rgb {
    const x0 = Math.max(0, Math.min(this.width - 1, Math.floor(u)));
    const y0 = Math.max(0, Math.min(this.height - 1, Math.floor(v)));
    const x1 = Math.min(this.width - 1, x0 + 1);
    const y1 = Math.min(this.height - 1, y0 + 1);
    const fx = Math.max(0, Math.min(1, u - x0));
    const fy = Math.max(0, Math.min(1, v - y0));
    const channel = (c: number) => {
      const at = (x: number, y: number) => this.data[(y * this.width + x) * 4 + c]!;
      const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
      const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
      return top * (1 - fy) + bottom * fy;
    };
    return [channel(0), channel(1), channel(2)];
  }

  // A camera's touch: a slight blur (lens), light falling off to the edges, and sensor grain.
  photograph(random: () => number, { grain, vignette }: { grain: number; vignette: number }): void {
    const copy = Uint8Array.from(this.data);
    const { width, height } = this;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const dx = (x - width / 2) / (width / 2);
        const dy = (y - height / 2) / (height / 2);
        const light = 1 - vignette * (dx * dx + dy * dy) * 0.5;
        const noise = (random() + random() - 1) * grain;
        for (let channel = 0; channel < 3; channel += 1) {
          let sum = 0;
          let weight = 0;
          for (let oy = -1; oy <= 1; oy += 1) {
            for (let ox = -1; ox <= 1; ox += 1) {
              const sx = Math.max(0, Math.min(width - 1, x + ox));
              const sy = Math.max(0, Math.min(height - 1, y + oy));
              const w = ox === 0 && oy === 0 ? 4 : ox === 0 || oy === 0 ? 2 : 1;
              sum += copy[(sy * width + sx) * 4 + channel]! * w;
              weight += w;
            }
          }
          const value = (sum / weight) * light + noise;
          this.data[(y * width + x) * 4 + channel] = Math.max(0, Math.min(255, Math.round(value)));
        }
      }
    }
  }

  toJpeg(quality = 88): Buffer {
    return jpeg.encode({ width: this.width, height: this.height, data: this.data }, quality).data;
  }
}

// ---------------------------------------------------------------------------------------------
// A face, as in an ID photo or a selfie: shoulders, neck, head, hair, ears, eyes, brows, nose and
// mouth, with soft shading so it reads as a photo rather than a cartoon.

type Look = {
  skin: Rgb;
  hair: Rgb;
  longHair: boolean;
  // Which side the hair is parted on, and so which side the fringe falls to.
  part: -1 | 1;
  iris: Rgb;
  shirt: Rgb;
  // The wall behind; a selfie paints its own room instead.
  backdrop?: [Rgb, Rgb];
};

const SKIN_TONES: readonly Rgb[] = [
  [241, 204, 178],
  [229, 184, 150],
  [214, 164, 126],
  [190, 137, 98],
  [156, 104, 70],
  [116, 76, 52],
];
const HAIR_COLOURS: readonly Rgb[] = [
  [40, 30, 24],
  [68, 46, 30],
  [105, 72, 44],
  [150, 112, 64],
  [196, 160, 104],
  [30, 28, 30],
  [120, 116, 112],
];
const IRIS_COLOURS: readonly Rgb[] = [
  [78, 52, 32],
  [60, 40, 28],
  [70, 110, 150],
  [90, 110, 70],
];
const SHIRT_COLOURS: readonly Rgb[] = [
  [46, 64, 110],
  [120, 40, 48],
  [60, 90, 70],
  [80, 80, 86],
  [200, 200, 196],
  [150, 120, 80],
  [30, 30, 34],
];

function lookFrom(random: () => number, backdrop?: [Rgb, Rgb]): Look {
  return {
    skin: pick(random, SKIN_TONES),
    hair: pick(random, HAIR_COLOURS),
    longHair: random() < 0.45,
    part: random() < 0.5 ? -1 : 1,
    iris: pick(random, IRIS_COLOURS),
    shirt: pick(random, SHIRT_COLOURS),
    ...(backdrop ? { backdrop } : {}),
  };
}

// A head is narrower at the jaw than at the temples: an ellipse whose width tapers below its middle.
function headShape(cx: number, cy: number, rx: number, ry: number): Distance {
  return (x, y) => {
    const below = Math.max(0, Math.min(1, (y - cy) / ry));
    return ellipse(cx, cy, rx * (1 - 0.2 * below * below), ry)(x, y);
  };
}

function union(...shapes: Distance[]): Distance {
  return (x, y) => {
    let nearest = Infinity;
    for (const shape of shapes) nearest = Math.min(nearest, shape(x, y));
    return nearest;
  };
}

// The face centred in `box`; `clip` is where the picture ends (the box, unless the face is off centre).
function drawPortrait(raster: Raster, box: Box, look: Look, clip: Box = box): void {
  const unit = Math.min(box.width, box.height / 1.3);
  const cx = box.x + box.width / 2;
  const rx = unit * 0.27;
  const ry = rx * 1.34;
  const cy = box.y + box.height * 0.41;
  const skin = look.skin;
  const skinShadow = shade(skin, 0.78);
  const head = headShape(cx, cy, rx, ry);
  const headBounds = { x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry };

  if (look.backdrop) {
    raster.gradient(box, look.backdrop[0], look.backdrop[1]);
    // Light from the upper left, as from a window.
    raster.fillEllipse(box.x + box.width * 0.2, box.y + box.height * 0.15, box.width * 0.6, box.height * 0.4, WHITE, {
      alpha: 0.18,
      soft: box.width * 0.4,
      clip,
    });
  }

  if (look.longHair) {
    raster.fill(
      within(ellipse(cx, cy + ry * 0.4, rx * 1.3, ry * 1.3), (_x, y) => y - (cy + ry * 1.5)),
      { x: cx - rx * 1.35, y: cy - ry, width: rx * 2.7, height: ry * 2.6 },
      shade(look.hair, 0.85),
      { clip },
    );
  }

  // Shoulders in a crew-neck shirt, the neck over it.
  const shoulderTop = cy + ry * 1.2;
  raster.fillEllipse(cx, shoulderTop + unit * 0.44, unit * 0.68, unit * 0.47, look.shirt, { clip });
  raster.fillEllipse(cx - unit * 0.22, shoulderTop + unit * 0.14, unit * 0.25, unit * 0.1, WHITE, {
    alpha: 0.12,
    soft: unit * 0.12,
    clip,
  });
  const neck = { x: cx - rx * 0.42, y: cy + ry * 0.4, width: rx * 0.84, height: shoulderTop - cy - ry * 0.25 };
  raster.fillRoundedRect(neck, rx * 0.4, skinShadow, { clip });
  raster.fill(
    minus(
      ellipse(cx, shoulderTop + ry * 0.05, rx * 0.56, ry * 0.2),
      ellipse(cx, shoulderTop - ry * 0.01, rx * 0.46, ry * 0.17),
    ),
    { x: cx - rx * 0.7, y: shoulderTop - ry * 0.3, width: rx * 1.4, height: ry * 0.6 },
    shade(look.shirt, 0.7),
    { clip },
  );
  // The chin's shadow on the neck (and not on the wall beside it).
  raster.fill(
    within(ellipse(cx, cy + ry * 0.8, rx * 0.5, ry * 0.22), roundedRect(neck, rx * 0.4)),
    neck,
    shade(skin, 0.6),
    { alpha: 0.55, soft: rx * 0.12, clip },
  );

  // Ears, then the head over them.
  for (const side of [-1, 1]) {
    raster.fillEllipse(cx + side * rx * 0.96, cy + ry * 0.05, rx * 0.14, ry * 0.17, skinShadow, { clip });
    raster.fillEllipse(cx + side * rx * 0.98, cy + ry * 0.06, rx * 0.07, ry * 0.1, shade(skin, 0.65), {
      alpha: 0.6,
      soft: 2,
      clip,
    });
  }
  raster.fill(head, headBounds, skin, { clip });
  // Roundness: darker towards the edge of the face, lighter on the lit cheek and forehead, a
  // little colour in the cheeks.
  // The shading's soft edge stops at the outline rather than spilling past it.
  const shadingSoftness = rx * 0.3;
  const headInside: Distance = (x, y) => head(x, y) + shadingSoftness / 2;
  raster.fill(
    minus(headInside, ellipse(cx - rx * 0.08, cy - ry * 0.08, rx * 0.7, ry * 0.76)),
    headBounds,
    shade(skin, 0.7),
    { alpha: 0.45, soft: shadingSoftness, clip },
  );
  raster.fillEllipse(cx - rx * 0.28, cy - ry * 0.3, rx * 0.35, ry * 0.28, WHITE, { alpha: 0.14, soft: rx * 0.3, clip });
  for (const side of [-1, 1]) {
    raster.fillEllipse(cx + side * rx * 0.5, cy + ry * 0.25, rx * 0.2, ry * 0.1, [200, 80, 80], {
      alpha: 0.1,
      soft: rx * 0.2,
      clip,
    });
  }

  // Hair: a cap around the face down to the ears (or the shoulders), the hairline swept from the
  // parting into a fringe, and strands as fine arcs following its curve.
  const part = look.part;
  // Short hair ends above the ears, rising towards the back of the head.
  const hairBottom: Distance = look.longHair
    ? (_x, y) => y - (cy + ry * 0.95)
    : ellipse(cx, cy - ry * 0.3, rx * 1.35, ry * 0.72);
  const faceOpening = ellipse(cx - part * rx * 0.06, cy + ry * 0.34, rx * 0.96, ry * 0.98);
  const fringe = within(ellipse(cx - part * rx * 0.32, cy - ry * 0.62, rx * 0.62, ry * 0.2), head);
  const cap = union(within(minus(ellipse(cx, cy - ry * 0.1, rx * 1.1, ry * 1.0), faceOpening), hairBottom), fringe);
  const capBounds = { x: cx - rx * 1.15, y: cy - ry * 1.15, width: rx * 2.3, height: ry * 2.2 };
  raster.fill(cap, capBounds, look.hair, { clip });
  const partX = cx + part * rx * 0.35;
  for (let strand = 0; strand < 9; strand += 1) {
    const reach = rx * (0.4 + strand * 0.1);
    const arc = minus(
      ellipse(partX, cy + ry * 0.1, reach, ry * (0.95 + strand * 0.02)),
      ellipse(partX, cy + ry * 0.1, reach - 1.2, ry * (0.95 + strand * 0.02) - 1.2),
    );
    raster.fill(within(arc, cap), capBounds, strand % 2 === 0 ? shade(look.hair, 0.6) : mix(look.hair, WHITE, 0.3), {
      alpha: 0.35,
      clip,
    });
  }
  raster.fill(
    within(cap, ellipse(cx - rx * 0.35, cy - ry * 0.8, rx * 0.45, ry * 0.16)),
    capBounds,
    mix(look.hair, WHITE, 0.4),
    { alpha: 0.3, soft: rx * 0.15, clip },
  );

  // Eyes: white, iris, pupil, a catch light, the upper lid; brows above.
  const eyeY = cy - ry * 0.04;
  for (const side of [-1, 1]) {
    const ex = cx + side * rx * 0.37;
    const white = ellipse(ex, eyeY, rx * 0.18, ry * 0.065);
    const bounds = { x: ex - rx * 0.25, y: eyeY - ry * 0.12, width: rx * 0.5, height: ry * 0.24 };
    raster.fillEllipse(ex, eyeY + ry * 0.02, rx * 0.25, ry * 0.11, shade(skin, 0.75), {
      alpha: 0.35,
      soft: rx * 0.08,
      clip,
    });
    raster.fill(white, bounds, [236, 234, 230], { clip });
    raster.fill(within(ellipse(ex, eyeY, ry * 0.062, ry * 0.062), white), bounds, look.iris, { clip });
    raster.fillEllipse(ex, eyeY, ry * 0.028, ry * 0.028, [12, 10, 10], { clip });
    raster.fillEllipse(ex - ry * 0.02, eyeY - ry * 0.02, ry * 0.011, ry * 0.011, WHITE, { alpha: 0.9, clip });
    raster.fill(
      minus(ellipse(ex, eyeY + ry * 0.004, rx * 0.2, ry * 0.08), ellipse(ex, eyeY + ry * 0.028, rx * 0.2, ry * 0.08)),
      bounds,
      [40, 28, 24],
      { clip },
    );
    const browY = eyeY - ry * 0.16;
    raster.fill(
      minus(
        ellipse(ex + side * rx * 0.02, browY + ry * 0.05, rx * 0.23, ry * 0.07),
        ellipse(ex + side * rx * 0.02, browY + ry * 0.085, rx * 0.24, ry * 0.075),
      ),
      { x: ex - rx * 0.26, y: browY - ry * 0.05, width: rx * 0.52, height: ry * 0.2 },
      shade(look.hair, 0.8),
      { clip },
    );
  }

  // Nose: a shadow down one side and under the tip, a highlight on the bridge, nostrils.
  raster.fillEllipse(cx + rx * 0.08, cy + ry * 0.13, rx * 0.05, ry * 0.17, shade(skin, 0.7), {
    alpha: 0.35,
    soft: rx * 0.08,
    clip,
  });
  raster.fillEllipse(cx - rx * 0.02, cy + ry * 0.12, rx * 0.03, ry * 0.14, WHITE, {
    alpha: 0.12,
    soft: rx * 0.05,
    clip,
  });
  raster.fillEllipse(cx, cy + ry * 0.3, rx * 0.15, ry * 0.05, shade(skin, 0.65), {
    alpha: 0.45,
    soft: rx * 0.06,
    clip,
  });
  for (const side of [-1, 1]) {
    raster.fillEllipse(cx + side * rx * 0.07, cy + ry * 0.31, rx * 0.04, ry * 0.017, shade(skin, 0.4), {
      alpha: 0.7,
      clip,
    });
  }

  // Mouth: lips, the line between them turning up slightly at the corners.
  const mouthY = cy + ry * 0.5;
  const lips = mix(skin, [170, 70, 70], 0.4);
  raster.fillEllipse(cx, mouthY - ry * 0.02, rx * 0.28, ry * 0.045, shade(lips, 0.9), { clip });
  raster.fillEllipse(cx, mouthY + ry * 0.032, rx * 0.24, ry * 0.05, lips, { clip });
  raster.fill(
    minus(
      ellipse(cx, mouthY - ry * 0.04, rx * 0.29, ry * 0.055),
      ellipse(cx, mouthY - ry * 0.054, rx * 0.31, ry * 0.055),
    ),
    { x: cx - rx * 0.35, y: mouthY - ry * 0.1, width: rx * 0.7, height: ry * 0.2 },
    shade(lips, 0.45),
    { clip },
  );
  raster.fillEllipse(cx, mouthY + ry * 0.13, rx * 0.16, ry * 0.045, shade(skin, 0.75), {
    alpha: 0.3,
    soft: rx * 0.08,
    clip,
  });
}

// ---------------------------------------------------------------------------------------------
// Driver license

export type LicenseHolder = {
  firstName: string;
  lastName: string;
  birthday: string | null;
  licenseNumber: string;
  state: string;
  street?: string | null;
  city?: string | null;
  zip?: string | null;
};

const STATE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  US_STATES.map((state) => [state.code, state.name]),
);

// 'YYYY-MM-DD' as printed on US cards and stubs (MM/DD/YYYY); anything else as it is.
function usDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : date;
}

const LICENSE_CARD = { width: 640, height: 400 } as const;

export function drawDriversLicense(person: LicenseHolder, options: { seed?: number } = {}): Buffer {
  const seed = options.seed ?? hashText(`${person.licenseNumber}|${person.lastName}|${person.firstName}`);
  const random = seededRandom(seed);
  const state = person.state.trim().toUpperCase();
  const stateName = (STATE_NAMES[state] ?? person.state).toUpperCase();
  const hue = 200 + (random() - 0.5) * 50;
  const band = hsl(hue, 0.55, 0.32);
  const accent: Rgb = [176, 34, 40];

  // A desk under the card.
  const raster = new Raster(LICENSE_CARD.width, LICENSE_CARD.height, [0, 0, 0]);
  const desk = pick(random, [
    [
      [92, 70, 52],
      [70, 52, 38],
    ],
    [
      [120, 122, 126],
      [92, 94, 98],
    ],
    [
      [60, 62, 68],
      [44, 46, 50],
    ],
  ] as const satisfies ReadonlyArray<readonly [Rgb, Rgb]>);
  raster.gradient({ x: 0, y: 0, width: LICENSE_CARD.width, height: LICENSE_CARD.height }, desk[0], desk[1]);

  const card: Box = { x: 18, y: 16, width: 604, height: 366 };
  const cardShape = roundedRect(card, 24);
  raster.fillRoundedRect({ ...card, x: card.x + 5, y: card.y + 7 }, 24, [0, 0, 0], { alpha: 0.45, soft: 10 });
  raster.gradient(card, hsl(hue, 0.35, 0.94), hsl(hue + 30, 0.3, 0.86), cardShape);

  // Security print: fine waves across the card and a faint seal.
  for (let line = 0; line < 14; line += 1) {
    const phase = random() * Math.PI * 2;
    const baseY = card.y + 70 + line * 22;
    const points: Array<[number, number]> = [];
    for (let x = card.x; x <= card.x + card.width; x += 6) {
      points.push([x, baseY + Math.sin(x / 38 + phase) * 7 + Math.sin(x / 13 + line) * 2]);
    }
    raster.stroke(points, 1.2, hsl(hue + 20, 0.4, 0.7), { alpha: 0.35, clip: card });
  }
  const seal = { x: card.x + card.width - 120, y: card.y + 200 };
  raster.fill(
    minus(ellipse(seal.x, seal.y, 80, 80), ellipse(seal.x, seal.y, 70, 70)),
    { x: seal.x - 82, y: seal.y - 82, width: 164, height: 164 },
    band,
    { alpha: 0.08 },
  );
  raster.fillEllipse(seal.x, seal.y, 55, 55, band, { alpha: 0.05 });

  // Header band across the top of the card.
  const header: Box = { x: card.x, y: card.y, width: card.width, height: 58 };
  raster.gradient(header, shade(band, 1.15), shade(band, 0.85), cardShape);
  raster.fillRect({ x: card.x, y: header.y + header.height, width: card.width, height: 4 }, accent);
  raster.fitText(`${stateName} DRIVER LICENSE`, card.x + 22, card.y + 17, card.width - 120, {
    scale: 3,
    color: WHITE,
    bold: true,
  });
  raster.text('USA', card.x + card.width - 70, card.y + 20, { scale: 3, color: WHITE, bold: true });

  // The photo.
  const look = lookFrom(random, [hsl(hue, 0.18, 0.82), hsl(hue, 0.2, 0.68)]);
  const photoBox: Box = { x: card.x + 22, y: card.y + 80, width: 168, height: 208 };
  const photo = new Raster(photoBox.width, photoBox.height, WHITE);
  drawPortrait(photo, { x: 0, y: 0, width: photoBox.width, height: photoBox.height }, look);
  raster.draw(photo, photoBox.x, photoBox.y);
  raster.fillRect({ ...photoBox, x: photoBox.x - 1, y: photoBox.y - 1, width: photoBox.width + 2, height: 1 }, INK, {
    alpha: 0.4,
  });

  // The holder's signature under the photo: a pen running right while it circles, which draws
  // the loops of handwriting; the first loop tall, like a capital.
  const signature: Array<[number, number]> = [];
  const signY = photoBox.y + photoBox.height + 30;
  const loops = 6 + Math.floor(random() * 4);
  const phase = random() * Math.PI * 2;
  for (let step = 0; step <= 240; step += 1) {
    const t = step / 240;
    const turn = 2 * Math.PI * loops * t;
    const radius = (3 + 5 * Math.abs(Math.sin(t * 7 + phase)) + 2 * Math.sin(t * 17)) * (t < 1 / loops ? 1.8 : 1);
    const tall = 1.2 + 0.7 * Math.sin(t * 4 + phase * 2);
    const across = t + 0.03 * Math.sin(t * 13 + phase);
    signature.push([
      photoBox.x + 10 + across * 140 - radius * Math.sin(turn),
      signY - radius * tall * Math.cos(turn) + t * 6,
    ]);
  }
  raster.stroke(signature, 1.8, [22, 28, 70], { alpha: 0.9 });

  // The fields.
  const left = photoBox.x + photoBox.width + 24;
  const fieldWidth = card.x + card.width - 24 - left;
  const label = (text: string, x: number, y: number) => raster.text(text, x, y, { scale: 2, color: accent });
  const value = (text: string, x: number, y: number, width: number, scale = 3, color: Rgb = INK) =>
    raster.fitText(text, x, y, width, { scale, color, bold: scale >= 3 });

  let y = card.y + 80;
  label('DL', left, y + 6);
  value(person.licenseNumber, left + 34, y, fieldWidth - 34, 3, accent);
  y += 34;
  const expires = expiryFor(person.birthday, random);
  label('EXP', left, y + 6);
  value(usDate(expires), left + 46, y, 190);
  label('CLASS', left + 250, y + 6);
  value('C', left + 318, y, 40);
  y += 36;
  label('LN', left, y + 6);
  value(person.lastName, left + 34, y, fieldWidth - 34);
  y += 30;
  label('FN', left, y + 6);
  value(person.firstName, left + 34, y, fieldWidth - 34);
  y += 32;
  const street = person.street?.trim();
  const cityLine = [person.city?.trim(), [state, person.zip?.trim()].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  for (const line of [street, cityLine]) {
    if (!line) continue;
    value(line, left + 34, y, fieldWidth - 34, 2);
    y += 22;
  }
  y += 8;
  label('DOB', left, y + 6);
  value(person.birthday ? usDate(person.birthday) : '', left + 46, y, 190, 3, accent);
  y += 34;
  const inches = 62 + Math.floor(random() * 13);
  const height = `${Math.floor(inches / 12)}-${String(inches % 12).padStart(2, '0')}`;
  const eyes = look.iris[2] > 100 ? 'BLU' : look.iris[1] > 100 ? 'GRN' : 'BRN';
  for (const [name, text, x] of [
    ['HGT', height, 0],
    ['EYES', eyes, 120],
    ['RSTR', 'NONE', 240],
  ] as const) {
    label(name, left + x, y);
    raster.text(text, left + x + raster.textWidth(name, { scale: 2, color: INK }) + 8, y, { scale: 2, color: INK });
  }

  // A barcode-like stripe along the bottom, and a small ghost of the photo beside it.
  const stripe: Box = { x: left, y: card.y + card.height - 48, width: fieldWidth - 70, height: 30 };
  for (let x = stripe.x; x < stripe.x + stripe.width;) {
    const bar = 1 + Math.floor(random() * 3);
    raster.fillRect({ x, y: stripe.y, width: bar, height: stripe.height }, INK, { alpha: 0.85 });
    x += bar + 1 + Math.floor(random() * 3);
  }
  const ghost = new Raster(52, 64, WHITE);
  drawPortrait(ghost, { x: 0, y: 0, width: 52, height: 64 }, { ...look, backdrop: [WHITE, WHITE] });
  raster.draw(ghost, card.x + card.width - 74, card.y + card.height - 82, 0.3);

  raster.photograph(random, { grain: 7, vignette: 0.25 });
  return raster.toJpeg();
}

// Licenses run out on a birthday some years after issue.
function expiryFor(birthday: string | null, random: () => number): string {
  const year = 2027 + Math.floor(random() * 4);
  const match = birthday ? /^\d{4}-(\d{2})-(\d{2})/.exec(birthday) : null;
  const month = match?.[1] ?? String(1 + Math.floor(random() * 12)).padStart(2, '0');
  const day =
    match?.[2] === '29' && month === '02'
      ? '28'
      : (match?.[2] ?? String(1 + Math.floor(random() * 28)).padStart(2, '0'));
  return `${year}-${month}-${day}`;
}

// ---------------------------------------------------------------------------------------------
// Selfie

const SELFIE = { width: 480, height: 640 } as const;

export function drawSelfie(options: { seed?: number } = {}): Buffer {
  const random = seededRandom(options.seed ?? 1);
  const wall = hsl(20 + random() * 200, 0.12 + random() * 0.12, 0.62 + random() * 0.14);
  const raster = new Raster(SELFIE.width, SELFIE.height, wall);
  const look = lookFrom(random);
  const full: Box = { x: 0, y: 0, width: SELFIE.width, height: SELFIE.height };

  // A room behind, out of focus: light falling on the wall, a door frame on one side and a
  // picture on the other.
  raster.gradient(full, shade(wall, 1.1), shade(wall, 0.82));
  const lightX = random() * SELFIE.width;
  raster.fillEllipse(lightX, 60, 260, 220, WHITE, { alpha: 0.2, soft: 200 });
  const doorOnLeft = random() < 0.5;
  const doorX = doorOnLeft ? 20 + random() * 30 : SELFIE.width - 50 - random() * 30;
  raster.fillRect({ x: doorX, y: -20, width: 26, height: SELFIE.height + 40 }, shade(wall, 1.2), { soft: 10 });
  raster.fillRect(
    { x: doorX + (doorOnLeft ? -80 : 26), y: -20, width: 80, height: SELFIE.height + 40 },
    shade(wall, 0.7),
    {
      soft: 14,
    },
  );
  const frame: Box = { x: doorOnLeft ? SELFIE.width - 140 : 30, y: 50 + random() * 50, width: 110, height: 140 };
  raster.fillRoundedRect(frame, 3, shade(wall, 0.55), { soft: 8 });
  raster.fillRoundedRect(
    { x: frame.x + 12, y: frame.y + 12, width: frame.width - 24, height: frame.height - 24 },
    2,
    hsl(random() * 360, 0.35, 0.6),
    { soft: 8, alpha: 0.8 },
  );

  // Held at arm's length: the face a little off centre.
  const offset = (random() - 0.5) * 50;
  drawPortrait(raster, { ...full, x: offset, y: 20 + random() * 30 }, look, full);

  raster.photograph(random, { grain: 9, vignette: 0.45 });
  return raster.toJpeg(86);
}

// ---------------------------------------------------------------------------------------------
// Paystub

export type PaystubInput = {
  employer: string;
  employeeName: string;
  payDate: string;
  periodStart: string;
  periodEnd: string;
  grossCents: number;
  netCents: number;
  frequency: string;
};

type PayLine = { label: string; currentCents: number; ytdCents: number };

type Paystub = {
  employer: string;
  employeeName: string;
  employeeId: string;
  payDate: string;
  period: string;
  frequency: string;
  earnings: PayLine[];
  deductions: PayLine[];
  gross: PayLine;
  totalDeductions: PayLine;
  net: PayLine;
  depositAccount: string;
};

const FREQUENCY_LABELS: Record<string, string> = {
  weekly: 'Weekly',
  biweekly: 'Biweekly',
  semimonthly: 'Semimonthly',
  monthly: 'Monthly',
};

// Pay dates in the year so far, this one included: how far the year-to-date column has run.
function periodsThisYear(payDate: string, frequency: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(payDate);
  if (!match) return 1;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const dayOfYear = (Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000 + 1;
  switch (frequency.toLowerCase()) {
    case 'weekly':
      return Math.ceil(dayOfYear / 7);
    case 'biweekly':
      return Math.ceil(dayOfYear / 14);
    case 'semimonthly':
      return (month - 1) * 2 + (day >= 15 ? 2 : 1);
    case 'monthly':
      return month;
    default:
      return 1;
  }
}

// Taxes and deductions that add up to exactly gross - net: Social Security and Medicare at their
// rates, federal and state income tax up to about a sixth of gross, anything more as benefits.
function deductionsFor(grossCents: number, netCents: number): Array<{ label: string; cents: number }> {
  const total = grossCents - netCents;
  let socialSecurity = Math.round(grossCents * 0.062);
  let medicare = Math.round(grossCents * 0.0145);
  if (socialSecurity + medicare >= total) {
    socialSecurity = Math.round((total * 0.062) / 0.0765);
    medicare = total - socialSecurity;
  }
  const rest = total - socialSecurity - medicare;
  const taxes = Math.min(rest, Math.round(grossCents * 0.17));
  const federal = Math.round(taxes * 0.72);
  const benefits = rest - taxes;
  const health = Math.min(benefits, Math.round(grossCents * 0.045));
  const lines = [
    { label: 'Federal income tax', cents: federal },
    { label: 'Social Security', cents: socialSecurity },
    { label: 'Medicare', cents: medicare },
    { label: 'State income tax', cents: taxes - federal },
    { label: 'Health insurance', cents: health },
    { label: '401(k)', cents: benefits - health },
  ];
  // Taxes always print, even at zero; a benefit the employee does not have does not.
  return lines.filter((line, index) => index < 4 || line.cents > 0);
}

function paystubOf(stub: PaystubInput): Paystub {
  for (const [name, cents] of [
    ['grossCents', stub.grossCents],
    ['netCents', stub.netCents],
  ] as const) {
    if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`${name} must be whole cents, not ${cents}`);
  }
  if (stub.netCents > stub.grossCents) throw new RangeError('Net pay cannot be more than gross pay');
  const periods = periodsThisYear(stub.payDate, stub.frequency);
  const line = (label: string, cents: number): PayLine => ({ label, currentCents: cents, ytdCents: cents * periods });
  const hash = hashText(`${stub.employer}|${stub.employeeName}`);
  const gross = line('Gross pay', stub.grossCents);
  return {
    employer: stub.employer,
    employeeName: stub.employeeName,
    employeeId: `E${String(hash % 100_000).padStart(5, '0')}`,
    payDate: usDate(stub.payDate),
    period: `${usDate(stub.periodStart)} - ${usDate(stub.periodEnd)}`,
    frequency: FREQUENCY_LABELS[stub.frequency.toLowerCase()] ?? stub.frequency,
    earnings: [line('Regular pay', stub.grossCents)],
    deductions: deductionsFor(stub.grossCents, stub.netCents).map((each) => line(each.label, each.cents)),
    gross,
    totalDeductions: line('Total deductions', stub.grossCents - stub.netCents),
    net: line('Net pay', stub.netCents),
    depositAccount: String(1000 + ((hash >>> 8) % 9000)),
  };
}

const PAGE = { width: 612, height: 792, margin: 48 } as const;

export async function drawPaystubPdf(stub: PaystubInput): Promise<Uint8Array> {
  const paystub = paystubOf(stub);
  const document = await PDFDocument.create();
  // The pay date as the document's date: the same stub gives the same bytes.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(stub.payDate) ? new Date(`${stub.payDate}T12:00:00Z`) : new Date(0);
  document.setTitle(`Earnings statement ${stub.payDate}, ${toWinAnsi(stub.employeeName)}`);
  document.setAuthor(toWinAnsi(stub.employer));
  document.setCreator(toWinAnsi(stub.employer));
  document.setProducer('Payroll');
  document.setCreationDate(date);
  document.setModificationDate(date);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const page = document.addPage([PAGE.width, PAGE.height]);
  const dark = rgb(0.13, 0.2, 0.33);
  const grey = rgb(0.93, 0.94, 0.96);
  const right = PAGE.width - PAGE.margin;

  const write = (
    text: string,
    x: number,
    y: number,
    options: { size?: number; font?: PDFFont; align?: 'right'; maxWidth?: number } = {},
  ) => writeText(page, text, x, y, { ...options, font: options.font ?? regular, size: options.size ?? 10 });

  let y = PAGE.height - PAGE.margin - 18;
  write(paystub.employer, PAGE.margin, y, { size: 18, font: bold, maxWidth: right - PAGE.margin - 130 });
  write('EARNINGS STATEMENT', right, y + 4, { size: 11, font: bold, align: 'right' });
  y -= 14;
  write('Payroll department', PAGE.margin, y, { size: 9 });
  write('Non-negotiable', right, y, { size: 9, align: 'right' });
  y -= 16;
  page.drawLine({ start: { x: PAGE.margin, y }, end: { x: right, y }, thickness: 1, color: dark });

  // Who and when.
  y -= 66;
  page.drawRectangle({ x: PAGE.margin, y, width: right - PAGE.margin, height: 56, color: grey });
  const infoTop = y + 40;
  const info: Array<[string, string]> = [
    ['Employee', paystub.employeeName],
    ['Employee ID', paystub.employeeId],
    ['Pay frequency', paystub.frequency],
    ['Pay date', paystub.payDate],
    ['Pay period', paystub.period],
    ['Deposit', `Account ending ${paystub.depositAccount}`],
  ];
  info.forEach(([name, text], index) => {
    const x = PAGE.margin + 12 + Math.floor(index / 3) * 258;
    const rowY = infoTop - (index % 3) * 15;
    write(`${name}:`, x, rowY, { font: bold, size: 9 });
    write(text, x + 78, rowY, { size: 10, maxWidth: 172 });
  });

  const amountColumns = [right - 130, right - 8];
  const table = (title: string, lines: PayLine[], total: PayLine) => {
    y -= 30;
    page.drawRectangle({ x: PAGE.margin, y: y - 5, width: right - PAGE.margin, height: 19, color: dark });
    const white = rgb(1, 1, 1);
    page.drawText(toWinAnsi(title), { x: PAGE.margin + 8, y, size: 10, font: bold, color: white });
    page.drawText('Current', {
      x: amountColumns[0]! - bold.widthOfTextAtSize('Current', 10),
      y,
      size: 10,
      font: bold,
      color: white,
    });
    page.drawText('Year to date', {
      x: amountColumns[1]! - bold.widthOfTextAtSize('Year to date', 10),
      y,
      size: 10,
      font: bold,
      color: white,
    });
    for (const line of lines) {
      y -= 18;
      write(line.label, PAGE.margin + 8, y, { maxWidth: amountColumns[0]! - 100 - PAGE.margin });
      write(formatDollars(line.currentCents), amountColumns[0]!, y, { align: 'right' });
      write(formatDollars(line.ytdCents), amountColumns[1]!, y, { align: 'right' });
    }
    y -= 8;
    page.drawLine({ start: { x: PAGE.margin, y }, end: { x: right, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    y -= 14;
    write(total.label, PAGE.margin + 8, y, { font: bold });
    write(formatDollars(total.currentCents), amountColumns[0]!, y, { font: bold, align: 'right' });
    write(formatDollars(total.ytdCents), amountColumns[1]!, y, { font: bold, align: 'right' });
  };
  table('Earnings', paystub.earnings, paystub.gross);
  table('Taxes and deductions', paystub.deductions, paystub.totalDeductions);

  // The summary the reader looks for first.
  y -= 46;
  page.drawRectangle({
    x: PAGE.margin,
    y,
    width: right - PAGE.margin,
    height: 34,
    borderColor: dark,
    borderWidth: 1.2,
  });
  const summary: Array<[string, number]> = [
    ['Gross pay', paystub.gross.currentCents],
    ['Total deductions', paystub.totalDeductions.currentCents],
  ];
  summary.forEach(([name, cents], index) => {
    const x = PAGE.margin + 12 + index * 170;
    write(name, x, y + 20, { size: 8 });
    write(formatDollars(cents), x, y + 7, { size: 11, font: bold });
  });
  write('Net pay', right - 12, y + 20, { size: 8, align: 'right' });
  write(formatDollars(paystub.net.currentCents), right - 12, y + 6, { size: 14, font: bold, align: 'right' });

  y -= 28;
  write(
    `Net pay of ${formatDollars(paystub.net.currentCents)} deposited to account ending ${paystub.depositAccount}.`,
    PAGE.margin,
    y,
    {
      size: 9,
    },
  );
  write('This is a statement of earnings and deductions. It is not a check.', PAGE.margin, PAGE.margin, { size: 8 });
  return document.save();
}

function writeText(
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  { font, size, align, maxWidth }: { font: PDFFont; size: number; align?: 'right' | undefined; maxWidth?: number },
): void {
  let safe = toWinAnsi(text);
  // Cut what does not fit (ending in '..') rather than run into the next column.
  const fits = (value: string) => maxWidth === undefined || font.widthOfTextAtSize(value, size) <= maxWidth;
  if (!fits(safe)) {
    while (safe.length > 1 && !fits(`${safe}..`)) safe = safe.slice(0, -1);
    safe = `${safe}..`;
  }
  const left = align === 'right' ? x - font.widthOfTextAtSize(safe, size) : x;
  page.drawText(safe, { x: left, y, size, font, color: rgb(0.1, 0.1, 0.12) });
}

// The same stub printed and photographed with a phone: the paper a little turned on a darker
// table, with its shadow, the crease where it was folded, uneven light and grain.
const PAPER = { width: 720, height: 932 } as const;
const PHOTO = { width: 820, height: 1040 } as const;

export function drawPaystubImage(stub: PaystubInput): Buffer {
  const paystub = paystubOf(stub);
  const random = seededRandom(hashText(JSON.stringify(stub)));
  const paper = new Raster(PAPER.width, PAPER.height, [247, 246, 241]);
  const margin = 40;
  const right = PAPER.width - margin;
  const small = { scale: 2, color: INK } as const;
  const boldSmall = { ...small, bold: true } as const;

  const row = 28;
  // Where text of the small size sits in a row, vertically centred.
  const inRow = (top: number) => top + (row - GLYPH_HEIGHT * small.scale) / 2;

  let y = 40;
  paper.fitText(paystub.employer, margin, y, right - margin, { scale: 4, color: INK, bold: true });
  y += 46;
  paper.text('EARNINGS STATEMENT', margin, y, boldSmall);
  paper.fitText('NON-NEGOTIABLE', margin, y, right - margin, small, 'right');
  y += 24;
  paper.fillRect({ x: margin, y, width: right - margin, height: 3 }, INK);
  y += 20;

  const info: Array<[string, string]> = [
    ['EMPLOYEE', paystub.employeeName],
    ['EMPLOYEE ID', paystub.employeeId],
    ['PAY DATE', paystub.payDate],
    ['PAY PERIOD', paystub.period],
    ['FREQUENCY', paystub.frequency],
  ];
  const labelWidth = paper.textWidth('EMPLOYEE ID:', boldSmall);
  paper.fillRect({ x: margin, y, width: right - margin, height: info.length * row + 12 }, [228, 229, 232]);
  y += 6;
  for (const [name, text] of info) {
    paper.text(`${name}:`, margin + 12, inRow(y), boldSmall);
    paper.fitText(text, margin + 12 + labelWidth + 16, inRow(y), right - margin - labelWidth - 40, small);
    y += row;
  }
  y += 30;

  const currentRight = right - 180;
  const labelRoom = currentRight - 150 - margin;
  const amounts = (line: PayLine, top: number, style: TextStyle) => {
    paper.fitText(formatDollars(line.currentCents), margin, inRow(top), currentRight - margin, style, 'right');
    paper.fitText(formatDollars(line.ytdCents), margin, inRow(top), right - 12 - margin, style, 'right');
  };
  const table = (title: string, lines: PayLine[], total: PayLine) => {
    const header = { scale: 2, color: WHITE, bold: true } as const;
    paper.fillRect({ x: margin, y, width: right - margin, height: row + 2 }, [52, 62, 84]);
    paper.text(title, margin + 12, inRow(y + 1), header);
    paper.fitText('CURRENT', margin, inRow(y + 1), currentRight - margin, header, 'right');
    paper.fitText('YEAR TO DATE', margin, inRow(y + 1), right - 12 - margin, header, 'right');
    y += row + 8;
    for (const line of lines) {
      paper.fitText(line.label, margin + 12, inRow(y), labelRoom, small);
      amounts(line, y, small);
      y += row;
    }
    paper.fillRect({ x: margin, y: y + 2, width: right - margin, height: 2 }, INK, { alpha: 0.6 });
    y += 8;
    paper.fitText(total.label, margin + 12, inRow(y), labelRoom, boldSmall);
    amounts(total, y, boldSmall);
    y += row + 30;
  };
  table('EARNINGS', paystub.earnings, paystub.gross);
  table('TAXES AND DEDUCTIONS', paystub.deductions, paystub.totalDeductions);

  paper.fillRect({ x: margin, y, width: right - margin, height: 76 }, INK, { alpha: 0.08 });
  paper.text('GROSS PAY', margin + 14, y + 16, small);
  paper.text(formatDollars(paystub.gross.currentCents), margin + 14, y + 44, boldSmall);
  paper.text('TOTAL DEDUCTIONS', margin + 220, y + 16, small);
  paper.text(formatDollars(paystub.totalDeductions.currentCents), margin + 220, y + 44, boldSmall);
  paper.fitText('NET PAY', margin, y + 16, right - 14 - margin, small, 'right');
  const netStyle = { scale: 3, color: INK, bold: true } as const;
  paper.fitText(formatDollars(paystub.net.currentCents), margin, y + 40, right - 14 - margin, netStyle, 'right');
  y += 76 + 30;

  paper.fitText(`DEPOSITED TO ACCOUNT ENDING ${paystub.depositAccount}`, margin, y, right - margin, small);
  paper.fitText('THIS IS A STATEMENT OF EARNINGS AND DEDUCTIONS.', margin, PAPER.height - 84, right - margin, small);
  paper.fitText('IT IS NOT A CHECK.', margin, PAPER.height - 60, right - margin, small);

  // Folded in three for the envelope.
  for (const fold of [PAPER.height / 3, (PAPER.height * 2) / 3]) {
    paper.fillRect({ x: 0, y: fold - 1, width: PAPER.width, height: 2 }, [0, 0, 0], { alpha: 0.08, soft: 3 });
    paper.fillRect({ x: 0, y: fold + 1, width: PAPER.width, height: 2 }, WHITE, { alpha: 0.25, soft: 3 });
  }

  const surface = pick(random, [
    [70, 56, 44],
    [54, 58, 66],
    [96, 84, 70],
  ] as const satisfies readonly Rgb[]);
  const photo = new Raster(PHOTO.width, PHOTO.height, surface);
  photo.gradient({ x: 0, y: 0, width: PHOTO.width, height: PHOTO.height }, shade(surface, 1.15), shade(surface, 0.8));
  const angle = ((random() - 0.5) * 4 * Math.PI) / 180;
  photo.drawTurned(paper, PHOTO.width / 2 + (random() - 0.5) * 16, PHOTO.height / 2 + (random() - 0.5) * 12, angle, {
    dx: 6,
    dy: 9,
    blur: 18,
  });
  // A phone held over the page shades one corner.
  photo.fillEllipse(PHOTO.width * 0.9, PHOTO.height * 0.95, PHOTO.width * 0.5, PHOTO.height * 0.4, [0, 0, 0], {
    alpha: 0.18,
    soft: PHOTO.width * 0.4,
  });
  photo.photograph(random, { grain: 6, vignette: 0.35 });
  return photo.toJpeg(85);
}
