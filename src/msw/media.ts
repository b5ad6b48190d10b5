// The demo media the bundled datasets link to, answered in the browser as the server answers them
// under /__media (docs/behaviour.md, "Seeds"). Without a server, the records keep the placeholder
// origin their seed was generated with: without this handler a page of product cards would show a
// broken image for every picture, swatch and logo.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { CatalogProduct } from '../domain/types.js';
import { problemAnswer } from '../pipeline/answers.js';
import type { SeedData } from '../domain/types.js';
import { responseOf } from './fetchAdapter.js';
import { under } from './under.js';
import { singleByteRange } from '../media/byteRange.js';
import { MEDIA_BASE, MEDIA_PATH, MEDIA_POLICY, mediaCard, mediaFile } from '../media/demoMedia.js';

const notFound = (path: string, method: string): Response =>
  responseOf(problemAnswer(404, `No demo media at ${path}`), method);

export function demoMediaHandler(seed: SeedData): HttpHandler {
  let byId: Map<string, CatalogProduct> | undefined;
  const lookup = (id: string) => (byId ??= new Map(seed.products.map((p) => [p.productGroupId, p]))).get(id);
  // GET and HEAD, as the server's route answers both: a page or a link checker may ask with HEAD
  // whether a picture is there, and under msw an unanswered request goes to the placeholder origin.
  return http.all(under(MEDIA_BASE), ({ request }) => {
    const { method } = request;
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    const path = new URL(request.url).pathname;
    const card = mediaCard(path.slice(MEDIA_PATH.length), lookup);
    if (!card) return notFound(path, method);
    const { contentType, body } = mediaFile(path, card);
    const headers: Record<string, string> = {
      'content-type': contentType,
      'cache-control': 'public, max-age=3600',
      // As the server's media route (docs/security.md).
      'content-security-policy': MEDIA_POLICY,
      'x-content-type-options': 'nosniff',
    };
    if (typeof body === 'string') {
      // The answer to HEAD has no body, as the server sends none (see responseOf).
      return new HttpResponse(method === 'HEAD' ? null : body, { headers });
    }
    // As the server's route: a video player asks for one range (Safari plays no video from a
    // server that ignores ranges) and gets a 206; any other Range gets the whole file.
    headers['accept-ranges'] = 'bytes';
    const range = singleByteRange(request.headers.get('range'), body.byteLength);
    const part = range ? body.subarray(range.start, range.end + 1) : body;
    if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${body.byteLength}`;
    return new HttpResponse(method === 'HEAD' ? null : part, { status: range ? 206 : 200, headers });
  });
}
