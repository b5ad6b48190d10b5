// In headless Chromium: a page of 24 product cards from GET /products shows no broken image.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserMissing, demoInBrowser } from '../browser.js';

const missing = browserMissing();
/** Where the page's screenshot goes, to look at. */
export const SCREENSHOT = join(tmpdir(), 'product-catalog-mock-cards.png');

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
      const tab = await demo.browser.newPage({ viewport: { width: 1280, height: 1000 } });
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
  },
);
