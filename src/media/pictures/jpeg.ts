// A card as a baseline JPEG (ITU-T T.81, JFIF): YCbCr without subsampling, one quantisation table,
// and Huffman tables of the mock's own in which every code has one length (4 bits for the DC sizes,
// 8 for the AC symbols): a valid table needs no statistics, and a card's blocks are mostly one colour
// (a DC value and an end of block). Pure (Uint8Array only), for the server and the msw handlers alike.
import { MsbBits } from './msbBits.js';
import type { CardPixels, Rgb } from './card.js';

/** One step for every coefficient: fine enough that the card's edges stay sharp. */
const QUANT = 4;

/** The order coefficients are sent in: the zigzag of T.81, Figure 5. */
const ZIGZAG = (() => {
  const order: number[] = [];
  for (let sum = 0; sum < 15; sum++) {
    const cells: number[] = [];
    for (let row = 0; row < 8; row++) {
      const col = sum - row;
      if (col >= 0 && col < 8) cells.push(row * 8 + col);
    }
    // Even diagonals run up and to the right, odd ones down and to the left.
    order.push(...(sum % 2 === 0 ? cells.reverse() : cells));
  }
  return order;
})();

/** cos((2x + 1) u pi / 16), scaled by C(u) / 2: the one-dimensional DCT of T.81, A.3.3. */
const BASIS = Array.from({ length: 8 }, (_, u) =>
  Array.from(
    { length: 8 },
    (_, x) => ((u === 0 ? Math.SQRT1_2 : 1) / 2) * Math.cos(((2 * x + 1) * u * Math.PI) / 16),
  ),
);

/** The AC symbols: end of block, sixteen zeros, and every run of 0 to 15 zeros before a size of 1 to 10. */
const AC_SYMBOLS = [0x00, 0xf0];
for (let run = 0; run < 16; run++) for (let size = 1; size <= 10; size++) AC_SYMBOLS.push((run << 4) | size);
/** The code of each AC symbol: its place in AC_SYMBOLS, every code being AC_LENGTH bits long. */
const AC_CODE = new Int16Array(256).fill(-1);
AC_SYMBOLS.forEach((symbol, i) => (AC_CODE[symbol] = i));
const EOB = AC_CODE[0x00]!;
const ZRL = AC_CODE[0xf0]!;
const DC_LENGTH = 4;
const AC_LENGTH = 8;

/** The entropy-coded data: bits most significant first, a 0xFF followed by a stuffed zero. */
class EntropyWriter extends MsbBits {
  protected override byte(value: number): void {
    super.byte(value);
    // T.81, F.1.2.3: no marker may appear in the coded data.
    if (value === 0xff) super.byte(0);
  }

  /** The bytes, the last one padded with ones (T.81, F.1.2.3). */
  finish(): number[] {
    this.align(1);
    return this.written;
  }
}

/** The size category of a value and its bits (T.81, F.1.2.1). */
function category(value: number): [size: number, bits: number] {
  const size = value === 0 ? 0 : 32 - Math.clz32(Math.abs(value));
  return [size, value >= 0 ? value : value + (1 << size) - 1];
}

function encodeBlock(out: EntropyWriter, coefficients: Int32Array, previousDc: number): number {
  const [dcSize, dcBits] = category(coefficients[0]! - previousDc);
  out.u(DC_LENGTH, dcSize);
  out.u(dcSize, dcBits);
  let run = 0;
  for (let k = 1; k < 64; k++) {
    const value = coefficients[ZIGZAG[k]!]!;
    if (value === 0) {
      run++;
      continue;
    }
    for (; run > 15; run -= 16) out.u(AC_LENGTH, ZRL);
    const [size, bits] = category(value);
    out.u(AC_LENGTH, AC_CODE[(run << 4) | size]!);
    out.u(size, bits);
    run = 0;
  }
  if (run > 0) out.u(AC_LENGTH, EOB);
  return coefficients[0]!;
}

/** The DCT of an 8 x 8 block of values, in row order (T.81, A.3.3), not quantised. */
function transform(samples: Float64Array, out: Float64Array): void {
  const rows = new Float64Array(64);
  for (let y = 0; y < 8; y++) {
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let x = 0; x < 8; x++) sum += BASIS[u]![x]! * samples[y * 8 + x]!;
      rows[y * 8 + u] = sum;
    }
  }
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let sum = 0;
      for (let y = 0; y < 8; y++) sum += BASIS[v]![y]! * rows[y * 8 + u]!;
      out[v * 8 + u] = sum;
    }
  }
}

const ycc = ([r, g, b]: Rgb): [number, number, number] => [
  0.299 * r + 0.587 * g + 0.114 * b,
  -0.168736 * r - 0.331264 * g + 0.5 * b + 128,
  0.5 * r - 0.418688 * g - 0.081312 * b + 128,
];

const segment = (marker: number, body: number[]): number[] => [
  0xff,
  marker,
  (body.length + 2) >>> 8,
  (body.length + 2) & 0xff,
  ...body,
];

export function cardJpeg(pixels: CardPixels, background: Rgb, ink: Rgb): Uint8Array {
  const { size } = pixels;
  const colours = [ycc(background), ycc(ink)];
  const out = new EntropyWriter();
  const dc = [0, 0, 0];
  const mask = new Float64Array(64);
  const maskDct = new Float64Array(64);
  const coefficients = new Int32Array(64);
  const blocks = size / 8;
  for (let by = 0; by < blocks; by++) {
    for (let bx = 0; bx < blocks; bx++) {
      const corner = by * 8 * size + bx * 8;
      const first = pixels.ink[corner]!;
      let flat = true;
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) {
          const inked = pixels.ink[corner + y * size + x]!;
          mask[y * 8 + x] = inked;
          if (inked !== first) flat = false;
        }
      }
      // A sample is the background's value plus the difference where the ink is, and the DCT is
      // linear: one transform of the ink's mask serves all three components.
      if (!flat) transform(mask, maskDct);
      for (let c = 0; c < 3; c++) {
        const base = colours[flat ? first : 0]![c]! - 128;
        const difference = colours[1]![c]! - colours[0]![c]!;
        coefficients.fill(0);
        // A block of one value v has the DC coefficient 8 v and no other (T.81, A.3.3).
        coefficients[0] = Math.round((8 * base + (flat ? 0 : difference * maskDct[0]!)) / QUANT);
        if (!flat)
          for (let k = 1; k < 64; k++) coefficients[k] = Math.round((difference * maskDct[k]!) / QUANT);
        dc[c] = encodeBlock(out, coefficients, dc[c]!);
      }
    }
  }
  const entropy = out.finish();
  const dcCounts = new Array<number>(16).fill(0);
  dcCounts[DC_LENGTH - 1] = 12;
  const acCounts = new Array<number>(16).fill(0);
  acCounts[AC_LENGTH - 1] = AC_SYMBOLS.length;
  const dimensions = [size >>> 8, size & 0xff, size >>> 8, size & 0xff];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...new Array<number>(64).fill(QUANT)]),
    ...segment(0xc0, [8, ...dimensions, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]),
    ...segment(0xc4, [
      0x00,
      ...dcCounts,
      ...Array.from({ length: 12 }, (_, i) => i),
      0x10,
      ...acCounts,
      ...AC_SYMBOLS,
    ]),
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
    ...entropy,
    0xff,
    0xd9,
  ]);
}
