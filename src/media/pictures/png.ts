// A card as PNG: two palette colours, one bit a pixel, encoded by fast-png (pure JavaScript on
// Uint8Array, for the server and the msw handlers in a browser alike).
import { encode } from 'fast-png';
import type { CardPixels, Rgb } from './card.js';

export function cardPng(pixels: CardPixels, background: Rgb, ink: Rgb): Uint8Array {
  const { size } = pixels;
  const rowBytes = Math.ceil(size / 8);
  // A bit a pixel, palette index 1 (the ink) where the card is inked, the leftmost in the high bit.
  const data = new Uint8Array(rowBytes * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (pixels.ink[y * size + x]) data[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return encode({
    width: size,
    height: size,
    data,
    depth: 1,
    channels: 1,
    palette: [[...background], [...ink]],
  });
}
