// A demo picture as pixels (docs/workbench.md, "Demo media"): the card the SVG draws (a frame, the title in
// lines, the subtitle below), in two colours, the card's and its ink. Two colours keep the PNG
// small: a bit a pixel.
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './font.js';

/** Side of a picture, in pixels: the SVG card's. */
export const CARD_SIZE = 400;

export type Rgb = readonly [number, number, number];

/** A square of CARD_SIZE pixels, row by row: 1 where the ink is. */
export interface CardPixels {
  size: number;
  ink: Uint8Array;
}

const FRAME_INSET = 16;
const FRAME_WIDTH = 2;
const TITLE_SCALE = 3;
const TITLE_LINE = 40;
const SUBTITLE_SCALE = 2;
/** Where the subtitle's glyphs start, from the top: below the title, inside the frame. */
const SUBTITLE_TOP = 330;

function fill(pixels: CardPixels, x0: number, y0: number, width: number, height: number): void {
  const { size, ink } = pixels;
  for (let y = Math.max(0, y0); y < Math.min(size, y0 + height); y++) {
    ink.fill(1, y * size + Math.max(0, x0), y * size + Math.min(size, x0 + width));
  }
}

/** One line of text, centred, its glyphs' top at `top`; cut to what fits inside the frame. */
function line(pixels: CardPixels, text: string, top: number, scale: number): void {
  const advance = (GLYPH_WIDTH + 1) * scale;
  const room = Math.floor((pixels.size - 2 * (FRAME_INSET + 8) + scale) / advance);
  const chars = [...text].slice(0, room);
  let x = Math.round((pixels.size - (chars.length * advance - scale)) / 2);
  for (const char of chars) {
    const rows = glyph(char);
    for (let row = 0; row < GLYPH_HEIGHT; row++) {
      for (let col = 0; col < GLYPH_WIDTH; col++) {
        if (rows[row]![col]) fill(pixels, x + col * scale, top + row * scale, scale, scale);
      }
    }
    x += advance;
  }
}

/** The card: a frame, the title's lines centred on the middle, the subtitle below. */
export function drawCard(titleLines: readonly string[], subtitle: string): CardPixels {
  const pixels: CardPixels = { size: CARD_SIZE, ink: new Uint8Array(CARD_SIZE * CARD_SIZE) };
  const inner = CARD_SIZE - 2 * FRAME_INSET;
  fill(pixels, FRAME_INSET, FRAME_INSET, inner, FRAME_WIDTH);
  fill(pixels, FRAME_INSET, CARD_SIZE - FRAME_INSET - FRAME_WIDTH, inner, FRAME_WIDTH);
  fill(pixels, FRAME_INSET, FRAME_INSET, FRAME_WIDTH, inner);
  fill(pixels, CARD_SIZE - FRAME_INSET - FRAME_WIDTH, FRAME_INSET, FRAME_WIDTH, inner);
  const glyphHeight = GLYPH_HEIGHT * TITLE_SCALE;
  const block = (titleLines.length - 1) * TITLE_LINE + glyphHeight;
  const top = Math.round(CARD_SIZE / 2 - block / 2) - 10;
  titleLines.forEach((text, i) => line(pixels, text, top + i * TITLE_LINE, TITLE_SCALE));
  line(pixels, subtitle, SUBTITLE_TOP, SUBTITLE_SCALE);
  return pixels;
}

/** The colour a CSS colour of the cards names: `#rrggbb`, `#rgb` or `hsl(h, s%, l%)`; grey otherwise. */
export function rgbOf(colour: string): Rgb {
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (long) return [parseInt(long[1]!, 16), parseInt(long[2]!, 16), parseInt(long[3]!, 16)];
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return [1, 2, 3].map((i) => parseInt(short[i]!, 16) * 17) as unknown as Rgb;
  const hsl = /^hsl\((\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)%,\s*(\d+(?:\.\d+)?)%\)$/i.exec(colour);
  if (!hsl) return [128, 128, 128];
  const h = Number(hsl[1]) / 360;
  const s = Number(hsl[2]) / 100;
  const l = Number(hsl[3]) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
    return Math.round(v * 255);
  };
  return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)];
}
