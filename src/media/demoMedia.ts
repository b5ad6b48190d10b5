// Demo media: the bundled datasets' image URLs point at the mock itself, which draws each one as
// a deterministic card (a PNG for every picture URL, SVG for any other), and answers each video
// URL with a short clip near the card's colour. Pure: no http, no store; the express glue and the
// msw handlers serve what this returns.
import { own } from '../domain/own.js';
import type { CatalogProduct } from '../domain/types.js';
import { flat } from '../domain/flat.js';
import { lru } from '../query/lru.js';
import { DEMO_CLIPS } from '../generated/demoClips.js';
import { drawCard, rgbOf, type Rgb } from './pictures/card.js';
import { cardPng } from './pictures/png.js';

/** Where the mock serves demo media. */
export const MEDIA_PATH = '/__media';
/**
 * The Content-Security-Policy of every demo media answer, the server's and the msw handlers': a
 * card is escaped text on shapes (cardSvg), yet an SVG opened as a page could run a script; this
 * one runs none, loads nothing and is sandboxed (docs/security.md).
 */
export const MEDIA_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/**
 * The origin datasets generated without a server write into their media URLs. The command line
 * generates its seed with its own origin, and moves a seed file's URLs on this origin to its own
 * while reading it (rebaseParsedMedia); any other seed's are rebased onto the server's once it
 * knows its address (rebaseMedia). So they load whatever port the mock runs on.
 */
export const PLACEHOLDER_ORIGIN = 'http://localhost:4010';
export const MEDIA_BASE = PLACEHOLDER_ORIGIN + MEDIA_PATH;

const PREFIX = MEDIA_BASE + '/';

/** Where a product holds media URLs: each list, and the field of its items that holds one. */
const MEDIA_LISTS = [
  ['catalogPageLocationProduct', 'catalogPageLocationProduct'],
  ['variants', 'colorImageUrl'],
  ['brand', 'brandLogo'],
] as const;

type MediaItem = Record<string, unknown>;
type Rebase = (url: string) => string;

const onPlaceholder = (url: unknown): url is string => typeof url === 'string' && url.startsWith(PREFIX);

/** The items of each list of the product that holds media, with the field holding the URL. */
function* mediaLists(product: CatalogProduct): Generator<[list: string, items: MediaItem[], field: string]> {
  for (const [list, field] of MEDIA_LISTS) {
    const items = product[list] as MediaItem[] | undefined;
    if (items) yield [list, items, field];
  }
}

/** Moves a URL on the placeholder origin to `origin`; equal URLs give one string. */
function rebaser(origin: string): Rebase {
  const strings = new Map<string, string>();
  return (url) => {
    let done = strings.get(url);
    if (done === undefined) strings.set(url, (done = flat(origin, url.slice(PLACEHOLDER_ORIGIN.length))));
    return done;
  };
}

function rebasedProduct(
  product: CatalogProduct,
  rebase: Rebase,
  shared: Map<object, unknown>,
): CatalogProduct {
  let copy: Record<string, unknown> | undefined;
  for (const [list, items, field] of mediaLists(product)) {
    if (!items.some((item) => onPlaceholder(item[field]))) continue;
    // A list the generator shares between products (a brand) stays shared once rebased.
    let done = shared.get(items) as MediaItem[] | undefined;
    if (!done) {
      done = items.map((item) => {
        const url = item[field];
        return onPlaceholder(url) ? { ...item, [field]: rebase(url) } : item;
      });
      shared.set(items, done);
    }
    (copy ??= { ...product })[list] = done;
  }
  return (copy as CatalogProduct | undefined) ?? product;
}

/**
 * The products with every media URL on PLACEHOLDER_ORIGIN moved to `origin` (e.g. http://127.0.0.1:5173).
 * New records where a URL changes, the same records elsewhere: stored records are never changed in place.
 */
export function rebaseMedia(products: readonly CatalogProduct[], origin: string): readonly CatalogProduct[] {
  if (origin === PLACEHOLDER_ORIGIN) return products;
  const rebase = rebaser(origin);
  const shared = new Map<object, unknown>();
  return products.map((p) => rebasedProduct(p, rebase, shared));
}

/**
 * rebaseMedia for records just parsed from a file, which nothing else holds yet: their URLs are
 * moved where they are. A copy of every record of a large seed file took a second at 100,000
 * products (docs/performance.md, "Seed files"). Never for stored records: they are immutable values.
 */
export function rebaseParsedMedia(products: readonly CatalogProduct[], origin: string): void {
  parsedMediaRebaser(origin)(products);
}

/**
 * rebaseParsedMedia for records parsed a few at a time (a seed file read through its index): one
 * rebaser for them all, so that a URL many products hold (a swatch) stays one string.
 */
export function parsedMediaRebaser(origin: string): (products: readonly CatalogProduct[]) => void {
  if (origin === PLACEHOLDER_ORIGIN) return () => undefined;
  const rebase = rebaser(origin);
  return (products) => {
    for (const product of products) {
      for (const [, items, field] of mediaLists(product)) {
        for (const item of items) {
          const url = item[field];
          if (onPlaceholder(url)) item[field] = rebase(url);
        }
      }
    }
  };
}

/** The origin media URLs should use for a server listening at `url`: an unspecified address is named localhost. */
export function mediaOrigin(url: string): string {
  const parsed = new URL(url);
  if (parsed.hostname === '0.0.0.0' || parsed.hostname === '[::]') parsed.hostname = 'localhost';
  return parsed.origin;
}

const NAMED: Record<string, string> = {
  black: '#1f1f1f',
  white: '#f4f4f0',
  navy: '#1f2f5a',
  burgundy: '#6d1a2a',
  camel: '#c19a6b',
  'forest-green': '#2f5d3a',
  green: '#3f8f4f',
  'grey-melange': '#9a9a9a',
  rust: '#b7472a',
  sand: '#d8c8a8',
  'sky-blue': '#7fb5e6',
  blue: '#2f6fd0',
  'space-grey': '#5b5e63',
  silver: '#c8ccd0',
};

/** A stable 32-bit hash of text (FNV-1a). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The colour a colour's name (or slug) stands for; other text gets a colour of its own. */
function colourOf(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return own(NAMED, key) ?? `hsl(${hash(key) % 360}, 45%, 55%)`;
}

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** Light text on a dark colour, dark on a light one. */
function inkFor(colour: string): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!hex) return '#111';
  const [r, g, b] = [hex[1], hex[2], hex[3]].map((h) => parseInt(h!, 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#111' : '#fff';
}

/** Splits text into lines of at most `width` characters, at spaces where it can. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word.slice(0, width);
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines);
}

/** A card's title as it is drawn: lines of at most 18 characters, at most 4 of them. */
const titleLines = (title: string): string[] => wrap(title, 18, 4);

export interface MediaCard {
  title: string;
  subtitle: string;
  colour: string;
}

/** A 400 x 400 SVG card: the title on the colour, the subtitle below. */
export function cardSvg({ title, subtitle, colour }: MediaCard): string {
  const ink = inkFor(colour);
  const lines = titleLines(title);
  const top = 200 - (lines.length - 1) * 20;
  const text = lines
    .map(
      (l, i) => `<text x="200" y="${top + i * 40}" font-size="30" font-weight="600">${escapeXml(l)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">` +
    `<rect width="400" height="400" fill="${colour}"/>` +
    `<rect x="16" y="16" width="368" height="368" rx="18" fill="none" stroke="${ink}" stroke-opacity="0.25" stroke-width="2"/>` +
    `<g fill="${ink}" font-family="Helvetica, Arial, sans-serif" text-anchor="middle">${text}` +
    `<text x="200" y="352" font-size="20" opacity="0.8">${escapeXml(subtitle)}</text></g></svg>`
  );
}

/** A path's segments, decoded; undefined when one is not valid percent-encoding. */
function decodedParts(path: string): string[] | undefined {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

/** What the seed tells about a media path; undefined parts are drawn from the path alone. */
export type ProductLookup = (productGroupId: string) => CatalogProduct | undefined;

const nameOf = (product: CatalogProduct | undefined): string | undefined =>
  product?.productName?.[0]?.productName;

/**
 * The card for a path below MEDIA_PATH (e.g. /demo/PG-1/PG-1-black-m-front.jpg), or undefined
 * for a path that names no demo media, one that is not valid percent-encoding (`50%off.png`)
 * included. The same path always gives the same card.
 */
export function mediaCard(path: string, lookup: ProductLookup): MediaCard | undefined {
  const parts = decodedParts(path);
  if (!parts) return undefined;
  const file = parts.at(-1)?.replace(/\.[a-z0-9]+$/i, '');
  if (!file) return undefined;
  if (parts[0] === 'swatches' && parts.length === 2) {
    return { title: file.replace(/-/g, ' '), subtitle: 'swatch', colour: colourOf(file) };
  }
  if (parts[0] === 'brands' && parts.length === 3) {
    return { title: parts[1]!, subtitle: 'logo', colour: colourOf(`brand ${parts[1]}`) };
  }
  if (parts.length !== 3) return undefined;
  const product = lookup(parts[1]!);
  const variant = product?.variants?.find((v) => file.startsWith(`${v.productId}-`));
  const view = variant ? file.slice(variant.productId.length + 1) : file;
  const colour = variant?.color;
  return {
    title: nameOf(product) ?? parts[1]!,
    subtitle: [colour, view].filter(Boolean).join(' - '),
    colour: colour ? colourOf(colour) : colourOf(parts[1]!),
  };
}

/** What a demo media URL answers: its Content-Type and its bytes. */
export interface MediaFile {
  contentType: string;
  body: string | Uint8Array;
}

/** The extensions of the picture URLs, each answered with the card as PNG (docs/behaviour.md, "Seeds"). */
const PICTURES = new Set(['png', 'jpg', 'jpeg', 'webp']);

/**
 * The last pictures drawn, by card: a page of product cards asks for each again (a browser that
 * keeps them for the hour Cache-Control allows does not). 64 of about a kilobyte hold a page's
 * pictures, swatches and logos.
 */
const drawn = lru<string, Uint8Array>(64);

/** The hues of the clips made for colours without a name: every 30 degrees, as colourOf draws them. */
const CLIP_HUES = 12;

/**
 * The colours a demo clip is made in, each with the ink of its play mark: every named colour and
 * twelve hues of the colours without a name. scripts/make-demo-clips.mjs makes a clip of each
 * (src/generated/demoClips.ts); a video entry answers the clip nearest the card's colour.
 */
export function clipPalette(): { colour: Rgb; ink: Rgb }[] {
  const colours = [
    ...Object.values(NAMED),
    ...Array.from({ length: CLIP_HUES }, (_, i) => `hsl(${(i * 360) / CLIP_HUES}, 45%, 55%)`),
  ];
  return colours.map((colour) => ({ colour: rgbOf(colour), ink: rgbOf(inkFor(colour)) }));
}

/** The bytes of each clip, decoded once, when first asked for. */
const clipBytes = new Map<string, Uint8Array>();

/** The clip whose colour is nearest `colour` (by RGB distance). */
function clipNear(colour: string): Uint8Array {
  const [r, g, b] = rgbOf(colour);
  let best = DEMO_CLIPS[0]!;
  let bestDistance = Infinity;
  for (const clip of DEMO_CLIPS) {
    const [cr, cg, cb] = clip.colour;
    const distance = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [clip, distance];
  }
  let bytes = clipBytes.get(best.mp4);
  if (!bytes) clipBytes.set(best.mp4, (bytes = Uint8Array.from(atob(best.mp4), (c) => c.charCodeAt(0))));
  return bytes;
}

/**
 * The file of a media path and its card, as the path's extension names it: a video entry (`.mp4`,
 * video/mp4) is a two-second MP4 a `<video>` plays, a colour near the card's with a play mark; a
 * picture (`.png`, `.jpg`, `.jpeg`, `.webp`) is the card as a PNG, with Content-Type image/png
 * whatever the extension (a browser renders by the content, an image pipeline that checks what it
 * fetched accepts it, and Next.js's optimizer refuses SVG); any other path is the card as SVG.
 * An SVG under a video URL would leave a `<video src>` blank.
 */
export function mediaFile(path: string, card: MediaCard): MediaFile {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  if (extension === 'mp4') return { contentType: 'video/mp4', body: clipNear(card.colour) };
  if (extension === undefined || !PICTURES.has(extension)) {
    return { contentType: 'image/svg+xml', body: cardSvg(card) };
  }
  const body = drawn(`${card.title}\n${card.subtitle}\n${card.colour}`, () =>
    cardPng(drawCard(titleLines(card.title), card.subtitle), rgbOf(card.colour), rgbOf(inkFor(card.colour))),
  );
  return { contentType: 'image/png', body };
}
