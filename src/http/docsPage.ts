import express, { Router } from 'express';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

// Resolved, not imported: importing swagger-ui-dist would load its browser bundle into the server.
const assets = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Product Catalog Service API - product-catalog-mock</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
  <div id="docs"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: '/openapi.yaml', dom_id: '#docs', deepLinking: true, persistAuthorization: true,
      // Any token is accepted unless the mock runs in strict mode: "Try it out" works at once.
      onComplete: () => { if (!localStorage.getItem('authorized')) window.ui.preauthorizeApiKey('apiKeyHeader', 'dev'); },
    });
  </script>
</body>
</html>`;

/** The API reference page, rendered from openapi.yaml in the browser; mounted at /docs. */
export function docsRoutes(): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.use(express.static(assets, { index: false, maxAge: '1h' }));
  return router;
}
