// Demo media: every image of the bundled datasets loads from the mock itself, whatever its port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../src/domain/types.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { resolveSeed } from '../../src/seed/resolve.js';
import { DEMO_CLIPS } from '../../src/generated/demoClips.js';
import {
  cardSvg,
  clipPalette,
  mediaCard,
  mediaFile,
  mediaOrigin,
  MEDIA_BASE,
  PLACEHOLDER_ORIGIN,
  rebaseMedia,
  rebaseParsedMedia,
} from '../../src/media/demoMedia.js';
import { DATASET_NAMES } from '../../src/seed/index.js';

/** Every media URL a product links to: pictures and videos, swatches, brand logos. */
function mediaUrls(product: CatalogProduct): string[] {
  return [
    ...(product.catalogPageLocationProduct ?? []).map((m) => m.catalogPageLocationProduct),
    ...(product.variants ?? []).flatMap((v) => (v.colorImageUrl ? [v.colorImageUrl] : [])),
    ...(product.brand ?? []).flatMap((b) => (b.brandLogo ? [b.brandLogo] : [])),
  ];
}

describe('rebaseMedia', () => {
  it('moves the placeholder origin to the server, in new records, sharing what was shared', async () => {
    const { products } = await resolveSeed('demo');
    const before = JSON.stringify(products);
    const rebased = rebaseMedia(products, 'http://127.0.0.1:5173');
    expect(JSON.stringify(products)).toBe(before);
    const urls = rebased.flatMap(mediaUrls);
    expect(urls.length).toBeGreaterThan(products.length);
    expect(urls.filter((u) => !u.startsWith('http://127.0.0.1:5173/__media/'))).toEqual([]);
    const byBrand = new Map<string, object>();
    for (const p of rebased) {
      const brand = p.brand!;
      const seen = byBrand.get(brand[0]!.brandName!);
      if (seen) expect(brand).toBe(seen);
      else byBrand.set(brand[0]!.brandName!, brand);
    }
    // Brands are shared in the demo catalog: the check above ran.
    expect(byBrand.size).toBeLessThan(rebased.length / 2);
    // A URL elsewhere is left as it is, and so is its record.
    const own = {
      ...products[0]!,
      catalogPageLocationProduct: [],
      variants: [],
      brand: [{ isoLanguageId: 'en', brandName: 'Own', brandLogo: 'https://cdn.test/logo.png' }],
    };
    expect(rebaseMedia([own], 'http://127.0.0.1:5173')[0]).toBe(own);
  });

  it('moves the URLs of parsed records in place, as rebaseMedia would in copies', async () => {
    const { products } = await resolveSeed('demo');
    const parsed = JSON.parse(JSON.stringify(products)) as CatalogProduct[];
    const own = {
      ...parsed[0]!,
      brand: [{ isoLanguageId: 'en', brandName: 'Own', brandLogo: 'https://cdn.test/logo.png' }],
    };
    parsed.push(own);
    const logo = parsed[0]!.brand![0]!;
    const media = parsed[0]!.catalogPageLocationProduct![0]!;
    rebaseParsedMedia(parsed, 'http://127.0.0.1:5173');
    // The very items the parser made now hold the server's URLs.
    expect(parsed[0]!.brand![0]).toBe(logo);
    expect(logo.brandLogo).toMatch(/^http:\/\/127\.0\.0\.1:5173\/__media\//);
    expect(parsed[0]!.catalogPageLocationProduct![0]).toBe(media);
    expect(media.catalogPageLocationProduct).toMatch(/^http:\/\/127\.0\.0\.1:5173\/__media\//);
    expect(JSON.stringify(parsed.slice(0, -1))).toBe(
      JSON.stringify(rebaseMedia(products, 'http://127.0.0.1:5173')),
    );
    expect(own.brand[0]!.brandLogo).toBe('https://cdn.test/logo.png');
  });

  it('draws the same card for the same path, with the product name and colour', async () => {
    const { products } = await resolveSeed('demo');
    const product = products.find((p) => p.variants?.[0]?.color)!;
    const url = product.catalogPageLocationProduct![0]!.catalogPageLocationProduct;
    expect(url.startsWith(MEDIA_BASE)).toBe(true);
    const lookup = (id: string) => products.find((p) => p.productGroupId === id);
    const card = mediaCard(url.slice(MEDIA_BASE.length), lookup)!;
    expect(card.title).toBe(product.productName![0]!.productName);
    expect(card.subtitle).toContain(product.variants![0]!.color);
    expect(cardSvg(card)).toBe(cardSvg(mediaCard(url.slice(MEDIA_BASE.length), lookup)!));
    expect(mediaCard('/demo/too/many/parts.jpg', lookup)).toBeUndefined();
    expect(mediaCard('/swatches/50%off.png', lookup)).toBeUndefined();
  });

  it('answers a video entry with an MP4 of the card, the same bytes every time, and a picture with SVG', () => {
    const card = { title: 'Dante Scarf', subtitle: 'video', colour: '#2f5d3a' };
    const video = mediaFile('/demo/FA-00009/video.mp4', card);
    expect(video.contentType).toBe('video/mp4');
    const bytes = video.body as Uint8Array;
    // An ISO BMFF file: its first box is ftyp; the H.264 track is described by avc1.
    expect(new TextDecoder().decode(bytes.subarray(4, 8))).toBe('ftyp');
    expect(new TextDecoder('latin1').decode(bytes)).toContain('avc1');
    expect(mediaFile('/demo/FA-00009/video.mp4', card).body).toEqual(bytes);
    expect(mediaFile('/demo/FA-00009/video.mp4', { ...card, colour: '#6d1a2a' }).body).not.toEqual(bytes);
    // A colour without a clip of its own gets the nearest: a forest green a shade lighter.
    expect(mediaFile('/demo/FA-00009/video.mp4', { ...card, colour: '#305e3b' }).body).toBe(bytes);
    expect(mediaFile('/demo/FA-00009/FA-00009-front.svg', card)).toEqual({
      contentType: 'image/svg+xml',
      body: cardSvg(card),
    });
  });

  it('has a clip for every colour of the palette, in its order: the clips were made from it', () => {
    expect(DEMO_CLIPS.map((clip) => clip.colour)).toEqual(clipPalette().map((entry) => entry.colour));
  });

  it('writes the card in light ink on a dark colour and dark ink on a light one', () => {
    const ink = (colour: string) =>
      /stroke="([^"]+)"/.exec(cardSvg({ title: 'T', subtitle: 's', colour }))?.[1];
    expect(ink('#1f1f1f')).toBe('#fff');
    expect(ink('#f4f4f0')).toBe('#111');
  });

  it('names a server listening on every address by localhost, which a browser can load', () => {
    expect(mediaOrigin('http://0.0.0.0:4010')).toBe('http://localhost:4010');
    expect(mediaOrigin('http://[::]:4010')).toBe('http://localhost:4010');
    expect(mediaOrigin('http://127.0.0.1:5173/')).toBe('http://127.0.0.1:5173');
  });

  it('colours a swatch named like a prototype member as any other unnamed colour', () => {
    const none = () => undefined;
    for (const name of ['constructor', 'toString', '__proto__']) {
      expect(mediaCard(`/swatches/${name}.png`, none)!.colour).toMatch(/^hsl\(\d+, 45%, 55%\)$/);
    }
    expect(mediaCard('/swatches/silver.png', none)!.colour).toBe('#c8ccd0');
  });
});

/** The Content-Type a picture URL answers, and whether the bytes begin as that format does. */
function pictureOf(url: string, body: Buffer): [string, boolean] {
  const extension = /\.([a-z]+)$/.exec(url)?.[1];
  // Every picture URL the datasets name (.jpg, .png, .webp) is the card as PNG.
  if (extension === 'jpg' || extension === 'png' || extension === 'webp') {
    return ['image/png', body.subarray(1, 4).toString() === 'PNG'];
  }
  return ['image/svg+xml; charset=utf-8', body.toString().startsWith('<svg')];
}

describe.each(DATASET_NAMES)('demo media of the %s dataset', (name) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, seed: await resolveSeed(name), seedName: name });
  });
  afterAll(() => server?.close());

  it("every media URL answers 200 from the server's own origin: a video as MP4, a picture as PNG", async () => {
    const res = await fetch(`${server.url}/acme/dev/products?limit=1000`, { headers: { 'x-api-key': 'k' } });
    const { list } = ((await res.json()) as { data: { list: CatalogProduct[] } }).data;
    const urls = [...new Set(list.flatMap(mediaUrls))];
    const videos = new Set(
      list.flatMap((p) =>
        (p.catalogPageLocationProduct ?? [])
          .filter((m) => m.catalogType === 'video/mp4')
          .map((m) => m.catalogPageLocationProduct),
      ),
    );
    expect(urls.length).toBeGreaterThan(list.length);
    expect(videos.size).toBeGreaterThan(0);
    expect(urls.filter((u) => !u.startsWith(`${server.url}/__media/`))).toEqual([]);
    const failed: string[] = [];
    for (let i = 0; i < urls.length; i += 32) {
      await Promise.all(
        urls.slice(i, i + 32).map(async (url) => {
          const media = await fetch(url);
          const body = Buffer.from(await media.arrayBuffer());
          const [type, starts] = videos.has(url)
            ? ['video/mp4', body.subarray(4, 8).toString() === 'ftyp']
            : pictureOf(url, body);
          if (media.status !== 200 || media.headers.get('content-type') !== type || !starts) {
            failed.push(`${media.status} ${media.headers.get('content-type')} ${url}`);
          }
        }),
      );
    }
    expect(failed).toEqual([]);
  });

  it('answers a media path that is not valid percent-encoding with a 404, as one that names no media', async () => {
    for (const path of ['/__media/swatches/50%off.png', '/__media/demo/%E0/x.jpg']) {
      const res = await fetch(`${server.url}${path}`);
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([
        404,
        `No demo media at ${path}`,
      ]);
    }
    expect((await fetch(`${server.url}/__media/swatches/black.png`, { method: 'HEAD' })).status).toBe(200);
  });

  it('answers one range of a video with 206, as a player asks', async () => {
    const { products } = await resolveSeed(name);
    const video = products
      .flatMap((p) => p.catalogPageLocationProduct ?? [])
      .find((m) => m.catalogType === 'video/mp4');
    expect(video).toBeDefined();
    const url = `${server.url}${video!.catalogPageLocationProduct.slice(PLACEHOLDER_ORIGIN.length)}`;
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    const part = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(0, 100));
    const tail = await fetch(url, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(-10));
    // A range outside the file: the whole file, as a server may always answer.
    const outside = await fetch(url, { headers: { range: `bytes=${whole.length}-` } });
    expect(outside.status).toBe(200);
    expect(Buffer.from(await outside.arrayBuffer())).toEqual(whole);
  });

  // A Range header of spaces around its dash froze the server: its regular expression backtracked
  // cubically (docs/behaviour.md, "Seeds"). Near node's 16 KB header limit, the attack is answered
  // with the whole file, and so is the next client.
  it('answers a Range header of 16 KB of spaces around its dash, and the next request', async () => {
    const { products } = await resolveSeed(name);
    const video = products
      .flatMap((p) => p.catalogPageLocationProduct ?? [])
      .find((m) => m.catalogType === 'video/mp4');
    const url = `${server.url}${video!.catalogPageLocationProduct.slice(PLACEHOLDER_ORIGIN.length)}`;
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    const spaces = ' '.repeat(8000);
    const [attack, next] = await Promise.all([
      fetch(url, { headers: { range: `bytes=${spaces}-${spaces}x` } }),
      fetch(`${server.url}/__admin/health`),
    ]);
    expect(attack.status).toBe(200);
    expect(Buffer.from(await attack.arrayBuffer())).toEqual(whole);
    expect(next.status).toBe(200);
  });
});
