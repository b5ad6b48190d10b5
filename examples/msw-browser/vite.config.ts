// The example page, built by Vite. In an application of your own, `npx msw init public/` copies
// msw's worker script instead of the plugin below, and the package is imported by its name.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);
const workerScript = () => readFileSync(require.resolve('msw/mockServiceWorker.js'));

/** msw's worker script at the root of the site, from the installed msw so that the versions match. */
function mockServiceWorker(): Plugin {
  return {
    name: 'mock-service-worker',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(workerScript());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: workerScript() });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [mockServiceWorker()],
  resolve: {
    // This repository's own build (npm run build), as the installed package would give it.
    alias: {
      'product-catalog-mock/msw': fileURLToPath(new URL('../../dist/src/msw/index.js', import.meta.url)),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4096 },
});
