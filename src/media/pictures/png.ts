// A card as PNG (ISO/IEC 15948): two palette colours, one bit a pixel, the image data in stored
// (uncompressed) deflate blocks, which need no compressor: about 20 KB. Pure (Uint8Array only), for
// the server and the msw handlers alike.
import type { CardPixels, Rgb } from './card.js';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const u32 = (value: number): number[] => [
  value >>> 24,
  (value >>> 16) & 0xff,
  (value >>> 8) & 0xff,
  value & 0xff,
];

function chunk(type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array(4 + data.length);
  for (let i = 0; i < 4; i++) typed[i] = type.charCodeAt(i);
  typed.set(data, 4);
  return [...u32(data.length), ...typed, ...u32(crc32(typed))];
}

/** A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951, 3.2.4) of at most 65535 bytes. */
function zlibStored(data: Uint8Array): Uint8Array {
  const out: number[] = [0x78, 0x01];
  let at = 0;
  do {
    const block = data.subarray(at, at + 65535);
    at += block.length;
    const last = at >= data.length ? 1 : 0;
    const n = block.length;
    out.push(last, n & 0xff, n >>> 8, ~n & 0xff, (~n >>> 8) & 0xff);
    for (const byte of block) out.push(byte);
  } while (at < data.length);
  out.push(...u32(adler32(data)));
  return Uint8Array.from(out);
}

export function cardPng(pixels: CardPixels, background: Rgb, ink: Rgb): Uint8Array {
  const { size } = pixels;
  const rowBytes = Math.ceil(size / 8);
  // Each row: filter type 0 (none), then a bit a pixel, the leftmost in the high bit.
  const raw = new Uint8Array((rowBytes + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (rowBytes + 1) + 1;
    for (let x = 0; x < size; x++) {
      if (pixels.ink[y * size + x]) raw[row + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const header = Uint8Array.from([...u32(size), ...u32(size), 1, 3, 0, 0, 0]);
  return Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', header),
    ...chunk('PLTE', Uint8Array.from([...background, ...ink])),
    ...chunk('IDAT', zlibStored(raw)),
    ...chunk('IEND', new Uint8Array(0)),
  ]);
}
