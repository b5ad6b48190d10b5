// The dashboard's page (src/dashboard/) built into dist/dashboard: one HTML file, one script and one
// style, served by the mock at /__admin/ui (docs/behaviour.md, "Dashboard"). vite bundles it at build
// time; nothing of it is loaded from elsewhere when the page opens.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');

export async function buildDashboard() {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: join(root, 'src', 'dashboard'),
    base: '/__admin/ui/',
    logLevel: 'warn',
    build: {
      outDir: join(root, 'dist', 'dashboard'),
      emptyOutDir: true,
      assetsDir: '',
      modulePreload: false,
      rollupOptions: {
        output: { entryFileNames: 'app.js', assetFileNames: 'app[extname]', chunkFileNames: 'app-[name].js' },
      },
    },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildDashboard();
