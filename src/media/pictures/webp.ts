// A card as lossless WebP (VP8L, RFC 9649): no transforms, no colour cache, one group of prefix codes,
// each a "simple" code of one or two 8-bit symbols. A card has two colours, so each channel has at
// most two values: a pixel costs a bit for each channel in which the colours differ. Pure
// (Uint8Array only), for the server and the msw handlers alike.
import type { CardPixels, Rgb } from './card.js';

/** Writes bits least significant first, as VP8L reads them (RFC 9649, 3.1), into a buffer of known size. */
class BitWriter {
  readonly bytes: Uint8Array;
  #length = 0;
  #current = 0;
  #used = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  /** Up to 24 bits at once. */
  bits(width: number, value: number): void {
    this.#current |= (value & ((1 << width) - 1)) << this.#used;
    this.#used += width;
    while (this.#used >= 8) {
      this.bytes[this.#length++] = this.#current & 0xff;
      this.#current >>>= 8;
      this.#used -= 8;
    }
  }

  /** The bytes written, the last one padded with zeros. */
  finish(): Uint8Array {
    if (this.#used > 0) this.bytes[this.#length++] = this.#current;
    this.#used = 0;
    return this.bytes.subarray(0, this.#length);
  }
}

/**
 * A simple prefix code of the channel's values (RFC 9649, 3.7.2.1.1), in increasing order: with two,
 * the smaller is code 0 and the larger code 1; with one, a symbol costs no bits.
 */
function simpleCode(out: BitWriter, symbols: readonly number[]): void {
  out.bits(1, 1); // simple
  out.bits(1, symbols.length - 1);
  out.bits(1, 1); // the first symbol in 8 bits
  for (const symbol of symbols) out.bits(8, symbol);
}

const u32le = (value: number): number[] => [
  value & 0xff,
  (value >>> 8) & 0xff,
  (value >>> 16) & 0xff,
  value >>> 24,
];
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

export function cardWebp(pixels: CardPixels, background: Rgb, ink: Rgb): Uint8Array {
  const { size } = pixels;
  // At most 3 bits a pixel, and a header of a few dozen bytes.
  const out = new BitWriter(Math.ceil((size * size * 3) / 8) + 64);
  out.bits(8, 0x2f); // signature
  out.bits(14, size - 1);
  out.bits(14, size - 1);
  out.bits(1, 0); // no alpha
  out.bits(3, 0); // version
  out.bits(1, 0); // no transform
  out.bits(1, 0); // no colour cache
  out.bits(1, 0); // no meta prefix codes
  // Green, red and blue, in the order a pixel's symbols are read.
  const order = [1, 0, 2];
  const values = order.map((c) => {
    const [a, b] = [background[c]!, ink[c]!];
    return a === b ? [a] : [Math.min(a, b), Math.max(a, b)];
  });
  for (const symbols of values) simpleCode(out, symbols);
  simpleCode(out, [255]); // alpha: opaque
  simpleCode(out, [0]); // distance: never used
  // A pixel's bits are those of its colour: one for each channel whose two values differ.
  const patterns = [background, ink].map((colour) => {
    let width = 0;
    let bits = 0;
    order.forEach((c, k) => {
      const symbols = values[k]!;
      if (symbols.length === 2) bits |= (colour[c] === symbols[1] ? 1 : 0) << width++;
    });
    return { width, bits };
  });
  const [plain, inked] = patterns as [{ width: number; bits: number }, { width: number; bits: number }];
  for (let i = 0; i < size * size; i++) {
    const pattern = pixels.ink[i] ? inked : plain;
    out.bits(pattern.width, pattern.bits);
  }
  const data = out.finish();
  const padded = data.length + (data.length % 2);
  const file = new Uint8Array(20 + padded);
  file.set(ascii('RIFF'), 0);
  file.set(u32le(12 + padded), 4);
  file.set(ascii('WEBP'), 8);
  file.set(ascii('VP8L'), 12);
  file.set(u32le(data.length), 16);
  file.set(data, 20);
  return file;
}
