import express, { Router } from 'express';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

// Resolved, not imported: importing swagger-ui-dist would load its browser bundle into the server.
const assets = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * The page. Any token is accepted unless the mock runs in strict mode, so "Try it out" works at once
 * with `dev`; in strict mode that token would be refused, and the page, open to anyone, does not
 * hand out a configured key: the user authorizes with theirs. It names its icon: a browser would
 * otherwise ask for /favicon.ico, a 404 in the console and a warning in the request log at every visit.
 */
const page = (preauthorize: boolean): string => `<!doctype html>
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
  <script>
    window.ui = SwaggerUIBundle({
      url: '/openapi.yaml', dom_id: '#docs', deepLinking: true, persistAuthorization: true,${
        preauthorize
          ? `
      onComplete: () => { if (!localStorage.getItem('authorized')) window.ui.preauthorizeApiKey('apiKeyHeader', 'dev'); },`
          : ''
      }
    });
  </script>
</body>
</html>`;

const STOCK_PAGE = new Set(['/index.html', '/swagger-initializer.js']);

/** The API reference page, rendered from openapi.yaml in the browser; mounted at /docs. */
export function docsRoutes(options: { strict: boolean }): Router {
  const router = Router();
  const html = page(!options.strict);
  router.get('/', (_req, res) => {
    res.type('html').send(html);
  });
  // swagger-ui-dist's own page and its set-up script render the Petstore, fetched from another
  // host: not served, so /docs/index.html is a 404 that points to /docs rather than a wrong page.
  router.use((req, _res, next) => next(STOCK_PAGE.has(req.path) ? 'router' : undefined));
  router.use(express.static(assets, { index: false, maxAge: '1h' }));
  return router;
}
