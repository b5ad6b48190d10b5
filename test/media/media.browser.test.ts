// In headless Chromium: a page of 24 product cards from GET /products shows no broken image.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserMissing, demoInBrowser, loopbackTab } from '../browser.js';

const missing = browserMissing();
/** Where the page's screenshot goes, to look at. */
export const SCREENSHOT = join(tmpdir(), 'product-catalog-mock-cards.png');
/** Where the screenshot of the video players goes. */
export const VIDEO_SCREENSHOT = join(tmpdir(), 'product-catalog-mock-videos.png');

// The page fetches the products itself, as a frontend would (a cross-origin request with a token).
const page = (api: string) => `<!doctype html><html><head><style>
  body { font: 14px sans-serif; margin: 16px; }
  main { display: grid; grid-template-columns: repeat(6, 1fr); gap: 12px; }
  figure { margin: 0; border: 1px solid #ddd; border-radius: 8px; padding: 8px; }
  figure img { width: 100%; aspect-ratio: 1; display: block; }
  .row { display: flex; gap: 4px; align-items: center; margin-top: 6px; }
  .row img { width: 18px; height: 18px; border-radius: 50%; }
  .row img.logo { width: 28px; height: 28px; border-radius: 4px; }
</style></head><body><main id="cards"></main><script>
  window.done = fetch(${JSON.stringify(api)} + '/acme/dev/products?limit=24', { headers: { 'x-api-key': 'dev' } })
    .then((res) => res.json())
    .then(({ data }) => {
      for (const p of data.list) {
        const fig = document.createElement('figure');
        const img = (src, cls) => '<img class="' + (cls || '') + '" src="' + src + '">';
        const picture = (p.catalogPageLocationProduct || []).find((m) => m.catalogType.startsWith('image/'));
        const swatches = [...new Set((p.variants || []).map((v) => v.colorImageUrl).filter(Boolean))];
        fig.innerHTML = (picture ? img(picture.catalogPageLocationProduct) : '') +
          '<figcaption>' + p.productName[0].productName + '</figcaption><div class="row">' +
          swatches.map((s) => img(s)).join('') + (p.brand?.[0]?.brandLogo ? img(p.brand[0].brandLogo, 'logo') : '') + '</div>';
        document.getElementById('cards').append(fig);
      }
      return Promise.all([...document.images].map((i) => i.decode().catch(() => undefined)));
    });
</script></body></html>`;

describe.skipIf(missing !== undefined)(
  'demo media in a browser (needs Chromium: apt-get install chromium, or set CHROMIUM_PATH)',
  () => {
    const demo = demoInBrowser();

    it('a page of 24 product cards shows no broken image', async () => {
      const tab = await loopbackTab(demo.browser, demo.server.url, {
        viewport: { width: 1280, height: 1000 },
      });
      await tab.setContent(page(demo.server.url));
      await tab.evaluate(() => (window as unknown as { done: Promise<unknown> }).done);
      const images = await tab.evaluate(() =>
        [...document.images].map((i) => ({ src: i.src, width: i.naturalWidth })),
      );
      await tab.screenshot({ path: SCREENSHOT, fullPage: true });
      expect(await tab.locator('figure').count()).toBe(24);
      // Pictures, swatches and a logo per card.
      expect(images.length).toBeGreaterThanOrEqual(24 * 3);
      expect(images.filter((i) => i.width === 0)).toEqual([]);
      expect(images.every((i) => i.src.startsWith(`${demo.server.url}/__media/`))).toBe(true);
    }, 60_000);

    it('shows a .jpg, .png and .webp URL alike, each a PNG under nosniff: the card colour around the frame, ink on it', async () => {
      const tab = await loopbackTab(demo.browser, demo.server.url);
      const seen = await tab.evaluate(async (api) => {
        const res = await fetch(`${api}/acme/dev/products?limit=1`, { headers: { 'x-api-key': 'dev' } });
        const picture: string = (await res.json()).data.list[0].catalogPageLocationProduct[0]
          .catalogPageLocationProduct;
        const stem = picture.replace(/\.[a-z]+$/, '');
        const read = async (ext: string) => {
          const img = new Image();
          img.crossOrigin = 'anonymous'; // read back from a canvas: the mock allows loopback origins
          img.src = `${stem}.${ext}`;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const context = canvas.getContext('2d')!;
          context.drawImage(img, 0, 0);
          const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
          // Outside the frame (the card's colour), and on the frame's left edge (the ink).
          return { width: img.naturalWidth, card: at(6, 6), frame: at(16, 200) };
        };
        return { stem, jpg: await read('jpg'), png: await read('png'), webp: await read('webp') };
      }, demo.server.url);
      const { stem, jpg, png, webp } = seen;
      expect([jpg.width, png.width, webp.width]).toEqual([400, 400, 400]);
      // The browser goes by the Content-Type, not by the URL's extension: the same pixels.
      const { headers } = await fetch(`${stem}.jpg`, { method: 'HEAD' });
      expect([headers.get('content-type'), headers.get('x-content-type-options')]).toEqual([
        'image/png',
        'nosniff',
      ]);
      expect(jpg).toEqual(png);
      expect(webp).toEqual(png);
      expect(png.card).not.toEqual(png.frame);
    }, 60_000);

    it("a <video> of each product's video entry loads and plays to its end", async () => {
      const tab = await loopbackTab(demo.browser, demo.server.url, { viewport: { width: 900, height: 300 } });
      await tab.setContent('<body style="margin:0;display:flex;gap:8px;flex-wrap:wrap"></body>');
      const played = await tab.evaluate(async (api) => {
        const res = await fetch(`${api}/acme/dev/products?limit=200&select=catalogPageLocationProduct`, {
          headers: { 'x-api-key': 'dev' },
        });
        const { data } = await res.json();
        const urls: string[] = data.list.flatMap(
          (p: {
            catalogPageLocationProduct?: { catalogType: string; catalogPageLocationProduct: string }[];
          }) =>
            (p.catalogPageLocationProduct ?? [])
              .filter((m) => m.catalogType.startsWith('video/'))
              .map((m) => m.catalogPageLocationProduct),
        );
        return Promise.all(
          urls.slice(0, 4).map(
            (url) =>
              new Promise<string>((resolve) => {
                const video = document.createElement('video');
                video.muted = true;
                video.width = 200;
                video.onerror = () => resolve(`error ${video.error?.code} ${url}`);
                video.onended = () =>
                  resolve(`ended ${video.videoWidth}x${video.videoHeight} ${video.duration} s`);
                video.oncanplay = () => void video.play();
                video.src = url;
                document.body.append(video);
              }),
          ),
        );
      }, demo.server.url);
      await tab.screenshot({ path: VIDEO_SCREENSHOT });
      expect(played).toHaveLength(4);
      expect(played).toEqual(played.map(() => 'ended 128x128 2 s'));
    }, 60_000);
  },
);
