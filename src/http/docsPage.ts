import express, { Router } from 'express';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

// Resolved, not imported: importing swagger-ui-dist would load its browser bundle into the server.
const assets = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * The page's set-up script. Any token is accepted unless the mock runs in strict mode, so "Try it
 * out" works at once with `dev`; in strict mode that token would be refused, and the page, open to
 * anyone, does not hand out a configured key: the user authorizes with theirs.
 */
const script = (preauthorize: boolean): string => `
    window.ui = SwaggerUIBundle({
      url: '/openapi.yaml', dom_id: '#docs', deepLinking: true, persistAuthorization: true,${
        preauthorize
          ? `
      onComplete: () => { if (!localStorage.getItem('authorized')) window.ui.preauthorizeApiKey('apiKeyHeader', 'dev'); },`
          : ''
      }
    });
  `;

/**
 * The page. It names its icon: a browser would otherwise ask for /favicon.ico, a 404 in the console
 * and a warning in the request log at every visit.
 */
const page = (init: string): string => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Product Catalog Service API - product-catalog-mock</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
  <p style="margin: 8px 20px; font-family: sans-serif">The requests, fault rules and scopes of this mock, and its catalog: <a href="/__admin/ui">dashboard</a></p>
  <div id="docs"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script>${init}</script>
</body>
</html>`;

/**
 * What the page may load and run (docs/security.md): its scripts from this server, and its own
 * set-up script by its hash; styles from here and those swagger-ui sets on its elements; pictures
 * from here and the data URLs of its icons; requests ("Try it out", openapi.yaml) to this server
 * only. No other page may frame it.
 */
const policy = (init: string): string =>
  [
    "default-src 'none'",
    `script-src 'self' 'sha256-${createHash('sha256').update(init).digest('base64')}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The files of swagger-ui-dist the page loads (and the maps of its script and style, which a
 * browser's developer tools ask for), each by its exact path: nothing else of the package is
 * served. Its own page and set-up script render the Petstore, fetched from another host, and were
 * reached as /docs//index.html, /docs/%2e/index.html and /docs/index%2ehtml, which the file server
 * decodes and normalises to index.html: a list of the paths served, as sent, has no such gap.
 */
const ASSETS: ReadonlySet<string> = new Set([
  '/swagger-ui.css',
  '/swagger-ui.css.map',
  '/swagger-ui-bundle.js',
  '/swagger-ui-bundle.js.map',
  '/favicon-32x32.png',
  '/favicon-16x16.png',
]);

/** The API reference page, rendered from openapi.yaml in the browser; mounted at /docs. */
export function docsRoutes(options: { strict: boolean }): Router {
  const router = Router();
  const init = script(!options.strict);
  const html = page(init);
  const csp = policy(init);
  router.get('/', (_req, res) => {
    res.setHeader('Content-Security-Policy', csp);
    res.type('html').send(html);
  });
  // Any other path is a 404 that points to /docs rather than a wrong page.
  router.use((req, _res, next) => next(ASSETS.has(req.path) ? undefined : 'router'));
  router.use(express.static(assets, { index: false, maxAge: '1h' }));
  return router;
}
