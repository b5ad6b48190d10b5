// The import rules of docs/architecture.md, "Invariants, and what enforces them", are ESLint's: each
// import a rule forbids is refused when a file of that folder makes it, so a rule that stops covering
// a folder fails here, not only in a review of eslint.config.js.
import { ESLint } from 'eslint';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The import sources ESLint refuses in a file of `folder` (relative to the root). */
async function refused(folder: string, sources: string[]): Promise<string[]> {
  const code = sources.map((source, i) => `import * as m${i} from '${source}';`).join('\n');
  const [result] = await eslint.lintText(
    `${code}\nexport const all = [${sources.map((_, i) => `m${i}`)}];\n`,
    {
      filePath: join(root, folder, 'layerProbe.ts'),
    },
  );
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => sources[message.line - 1] as string);
}

describe('the import rules of docs/architecture.md', () => {
  it('src/domain imports nothing from the rest of src/ but the generated record types', async () => {
    const outside = [
      'express',
      'lowdb',
      'node:fs',
      '../store/store.js',
      '../http/respond.js',
      '../pipeline/answers.js',
      '../query/productQuery.js',
      '../openapi/operations.js',
      '../seed/resolve.js',
      '../workbench/journal.js',
      '../contract/preflight.js',
      '../record/run.js',
      '../msw/index.js',
      '../cli/cli.js',
      '../mock.js',
      '../mockCore.js',
    ];
    expect(await refused('src/domain', outside)).toEqual(outside);
    expect(await refused('src/domain', ['../generated/openapi.js', './types.js'])).toEqual([]);
  }, 30_000);

  it('only src/store imports lowdb; src/http never imports src/routes', async () => {
    expect(await refused('src/cli', ['lowdb'])).toEqual(['lowdb']);
    expect(await refused('src/store', ['lowdb'])).toEqual([]);
    expect(await refused('src/http', ['lowdb', '../routes/productReads.js'])).toHaveLength(2);
  }, 30_000);

  it('src/pipeline, src/routes and src/query import no framework, node built-in or src/http', async () => {
    for (const folder of ['pipeline', 'routes']) {
      const sources = ['express', 'node:fs', '../http/respond.js'];
      expect(await refused(`src/${folder}`, sources), folder).toEqual(sources);
    }
    const query = ['express', 'lowdb', '../store/store.js'];
    expect(await refused('src/query', query)).toEqual(query);
  }, 30_000);

  it('src/store imports nothing of src/http, src/routes, src/cli or src/pipeline, and no HTTP framework', async () => {
    const sources = [
      'express',
      '../http/respond.js',
      '../routes/variants.js',
      '../cli/cli.js',
      '../pipeline/auth.js',
    ];
    expect(await refused('src/store', sources)).toEqual(sources);
  }, 30_000);
});
