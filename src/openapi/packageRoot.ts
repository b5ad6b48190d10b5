import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root: where openapi.yaml sits, both in a checkout (src/) and when installed (dist/src/). */
export const packageRoot: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'openapi.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('openapi.yaml not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
})();
