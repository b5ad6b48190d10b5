// Demo media: the bundled datasets' image URLs point at the mock itself, which draws each one as
// a deterministic SVG card. Pure: no http, no store; the express glue serves what this returns.
import type { CatalogProduct } from '../domain/types.js';
import { flat } from '../seed/flat.js';

/** Where the mock serves demo media. */
export const MEDIA_PATH = '/__media';
/**
 * The origin datasets generated without a server write into their media URLs. The command line
 * generates its seed with its own origin; any other seed's URLs on this origin are rebased onto
 * the server's once it knows its address (rebaseMedia), so they load whatever port the mock runs
 * on. A dataset file written by the seed command loads as it is from a mock on the default port.
 */
export const PLACEHOLDER_ORIGIN = 'http://localhost:4010';
export const MEDIA_BASE = PLACEHOLDER_ORIGIN + MEDIA_PATH;

const PREFIX = MEDIA_BASE + '/';

type Rebase = (url: string) => string;

function rebasedProduct(
  product: CatalogProduct,
  rebase: Rebase,
  shared: Map<object, unknown>,
): CatalogProduct {
  const media = product.catalogPageLocationProduct;
  const variants = product.variants;
  const brand = product.brand;
  const touches = (url: unknown) => typeof url === 'string' && url.startsWith(PREFIX);
  const changed =
    media?.some((m) => touches(m.catalogPageLocationProduct)) ||
    variants?.some((v) => touches(v.colorImageUrl)) ||
    brand?.some((b) => touches(b.brandLogo));
  if (!changed) return product;
  // Parts the generator shares between products (a brand) stay shared once rebased.
  const once = <T extends object>(value: T, make: () => T): T => {
    let done = shared.get(value) as T | undefined;
    if (!done) shared.set(value, (done = make()));
    return done;
  };
  return {
    ...product,
    ...(media && {
      catalogPageLocationProduct: media.map((m) =>
        touches(m.catalogPageLocationProduct)
          ? { ...m, catalogPageLocationProduct: rebase(m.catalogPageLocationProduct) }
          : m,
      ),
    }),
    ...(variants && {
      variants: variants.map((v) =>
        touches(v.colorImageUrl) ? { ...v, colorImageUrl: rebase(v.colorImageUrl as string) } : v,
      ),
    }),
    ...(brand && {
      brand: once(brand, () =>
        brand.map((b) => (touches(b.brandLogo) ? { ...b, brandLogo: rebase(b.brandLogo as string) } : b)),
      ),
    }),
  };
}

/**
 * The products with every media URL on PLACEHOLDER_ORIGIN moved to `origin` (e.g. http://127.0.0.1:5173).
 * New records where a URL changes, the same records elsewhere: stored records are never changed in place.
 */
export function rebaseMedia(products: readonly CatalogProduct[], origin: string): readonly CatalogProduct[] {
  if (origin === PLACEHOLDER_ORIGIN) return products;
  const strings = new Map<string, string>();
  const rebase: Rebase = (url) => {
    let done = strings.get(url);
    if (done === undefined) strings.set(url, (done = flat(origin, url.slice(PLACEHOLDER_ORIGIN.length))));
    return done;
  };
  const shared = new Map<object, unknown>();
  return products.map((p) => rebasedProduct(p, rebase, shared));
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
export function colourOf(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return NAMED[key] ?? `hsl(${hash(key) % 360}, 45%, 55%)`;
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

export interface MediaCard {
  title: string;
  subtitle: string;
  colour: string;
}

/** A 400 x 400 SVG card: the title on the colour, the subtitle below. */
export function cardSvg({ title, subtitle, colour }: MediaCard): string {
  const ink = inkFor(colour);
  const lines = wrap(title, 18, 4);
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

/** What the seed tells about a media path; undefined parts are drawn from the path alone. */
export type ProductLookup = (productGroupId: string) => CatalogProduct | undefined;

const nameOf = (product: CatalogProduct | undefined): string | undefined =>
  product?.productName?.[0]?.productName;

/**
 * The card for a path below MEDIA_PATH (e.g. /demo/PG-1/PG-1-black-m-front.jpg), or undefined
 * for a path that names no demo media. The same path always gives the same card.
 */
export function mediaCard(path: string, lookup: ProductLookup): MediaCard | undefined {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
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
