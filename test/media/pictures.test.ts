// The demo pictures (src/media/pictures/): the card's pixels, and the PNG every picture URL
// answers, which holds the card's two colours where the card has them. A browser decodes it in
// test/media/media.browser.test.ts; it is decoded here too, with node's zlib.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { resolveSeed } from '../../src/seed/resolve.js';
import { DATASET_NAMES } from '../../src/seed/index.js';
import { CARD_SIZE, drawCard, rgbOf, type CardPixels } from '../../src/media/pictures/card.js';
import { glyph, hasGlyph } from '../../src/media/pictures/font.js';
import { cardPng } from '../../src/media/pictures/png.js';
import { mediaCard, mediaFile, MEDIA_BASE } from '../../src/media/demoMedia.js';

const BACKGROUND = [127, 181, 230] as const;
const INK = [17, 17, 17] as const;
const card = drawCard(['MERINO JUMPER'], 'sky blue - back');

/** The chunks of a PNG: type and data, each checked against its CRC. */
function pngChunks(bytes: Uint8Array): Map<string, Buffer> {
  const buf = Buffer.from(bytes);
  expect(buf.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks = new Map<string, Buffer>();
  for (let at = 8; at < buf.length;) {
    const length = buf.readUInt32BE(at);
    const type = buf.subarray(at + 4, at + 8).toString('latin1');
    chunks.set(type, buf.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return chunks;
}

describe('the card', () => {
  it('is a frame, the title in the middle and the subtitle below, in ink on the background', () => {
    const inked = (x: number, y: number) => card.ink[y * CARD_SIZE + x] === 1;
    // The frame, 16 pixels in, 2 wide; the corners outside it are background.
    expect([inked(16, 200), inked(17, 200), inked(383, 200), inked(200, 16), inked(200, 383)]).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([inked(5, 5), inked(18, 200), inked(200, 100)]).toEqual([false, false, false]);
    // Some ink in the title's band and in the subtitle's, none between them.
    const rowInked = (y: number) => card.ink.subarray(y * CARD_SIZE + 20, y * CARD_SIZE + 380).includes(1);
    expect([180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190].some(rowInked)).toBe(true);
    expect([335, 336, 337, 338, 339, 340].some(rowInked)).toBe(true);
    expect([260, 280, 300].some(rowInked)).toBe(false);
  });

  it('draws every character of the bundled datasets’ names and colours, none as a question mark', async () => {
    const missing = new Set<string>();
    for (const name of DATASET_NAMES) {
      const { products } = await resolveSeed(name);
      for (const product of products) {
        const url = product.catalogPageLocationProduct?.[0]?.catalogPageLocationProduct;
        const drawn = url && mediaCard(url.slice(MEDIA_BASE.length), () => product);
        for (const char of drawn ? drawn.title + drawn.subtitle : '') if (!hasGlyph(char)) missing.add(char);
      }
    }
    expect([...missing]).toEqual([]);
    expect(glyph('é')).toBe(glyph('E'));
    expect(glyph('ß')).toBe(glyph('?'));
  });

  it('reads the colours the cards are given: #rrggbb, #rgb and hsl()', () => {
    expect(rgbOf('#7fb5e6')).toEqual([127, 181, 230]);
    expect(rgbOf('#fff')).toEqual([255, 255, 255]);
    expect(rgbOf('hsl(0, 100%, 50%)')).toEqual([255, 0, 0]);
    expect(rgbOf('hsl(120, 45%, 55%)')).toEqual([89, 192, 89]);
  });
});

describe('the picture files', () => {
  it('PNG: a two-colour palette, and each pixel the card’s', () => {
    const chunks = pngChunks(cardPng(card, BACKGROUND, INK));
    const header = chunks.get('IHDR')!;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([400, 400, 1, 3]);
    expect([...chunks.get('PLTE')!]).toEqual([...BACKGROUND, ...INK]);
    const raw = inflateSync(chunks.get('IDAT')!);
    const rowBytes = 51;
    expect(raw.length).toBe(rowBytes * 400);
    const decoded: CardPixels = { size: 400, ink: new Uint8Array(400 * 400) };
    for (let y = 0; y < 400; y++) {
      expect(raw[y * rowBytes]).toBe(0); // no filter
      for (let x = 0; x < 400; x++)
        decoded.ink[y * 400 + x] = (raw[y * rowBytes + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1;
    }
    expect(decoded.ink).toEqual(card.ink);
    expect(chunks.has('IEND')).toBe(true);
  });

  it('every picture URL gets the card as PNG, the same bytes every time; any other path SVG', () => {
    const of = { title: 'Merino Jumper', subtitle: 'sky blue - back', colour: '#7fb5e6' };
    const types = ['jpg', 'jpeg', 'png', 'webp', 'svg', 'JPG'].map(
      (ext) => mediaFile(`/demo/P/p.${ext}`, of).contentType,
    );
    expect(types).toEqual(['image/png', 'image/png', 'image/png', 'image/png', 'image/svg+xml', 'image/png']);
    const first = mediaFile('/demo/P/p-front.webp', of).body;
    expect(first).toEqual(
      cardPng(drawCard(['Merino Jumper'], 'sky blue - back'), [127, 181, 230], [17, 17, 17]),
    );
    expect(mediaFile('/demo/P/p-front.webp', { ...of }).body).toEqual(first);
    expect(mediaFile('/demo/P/p-front.webp', { ...of, colour: '#2f6fd0' }).body).not.toEqual(first);
  });
});
