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

  it('src/media imports none of the rooms that use it: seed, workbench, http, msw', async () => {
    const upward = ['../seed/media.js', '../workbench/workbench.js', '../http/respond.js', '../msw/index.js'];
    expect(await refused('src/media', upward)).toEqual(upward);
    expect(await refused('src/media', ['../domain/own.js', '../query/lru.js'])).toEqual([]);
  }, 30_000);

  it('src/seed, src/workbench and src/openapi import no command, contract kit or adapter', async () => {
    for (const folder of ['seed', 'workbench', 'openapi']) {
      const upward = ['../cli/cli.js', '../contract/retry.js', '../http/respond.js'];
      expect(await refused(`src/${folder}`, upward), folder).toEqual(upward);
    }
  }, 30_000);

  it('seeds/ imports nothing of src/ but src/domain', async () => {
    expect(await refused('seeds', ['../src/seed/generate.js', '../src/mock.js'])).toHaveLength(2);
    expect(await refused('seeds', ['./model.js', '../src/domain/flat.js'])).toEqual([]);
  }, 30_000);

  it('the contract kit imports one way: top level, then suite/, then report/, then propertyRequests/', async () => {
    expect(await refused('src/contract', ['./suite/kit.js', './report/results.js'])).toHaveLength(2);
    expect(
      await refused('src/contract/suite', ['../report/results.js', '../propertyRequests/run.js']),
    ).toHaveLength(2);
    expect(await refused('src/contract/report', ['../propertyRequests/run.js', '../suite/api.js'])).toEqual([
      '../propertyRequests/run.js',
    ]);
    for (const folder of ['src/contract', 'src/contract/suite', 'src/contract/propertyRequests']) {
      expect(
        await refused(folder, ['../../cli/cli.js', '../../../contract-tests/errors.test.js']),
        folder,
      ).toHaveLength(2);
    }
  }, 30_000);

  it("a command's room imports no other command; src/cli/terminal imports none", async () => {
    expect(await refused('src/cli/serve', ['../seed/seedCommand.js', '../cli.js'])).toHaveLength(2);
    expect(await refused('src/cli/record', ['../contract/contractCommand.js'])).toHaveLength(1);
    expect(await refused('src/cli/serve', ['../terminal/optionValues.js', '../../seed/resolve.js'])).toEqual(
      [],
    );
    expect(
      await refused('src/cli/terminal', ['../serve/tuning.js', '../record/run.js', '../cli.js']),
    ).toHaveLength(3);
  }, 30_000);

  it('src/upstream imports no adapter, no command but record/anonymize.ts, and of the contract kit its fetch rule', async () => {
    const outside = [
      '../http/respond.js',
      '../msw/index.js',
      '../cli/serve/startServing.js',
      '../cli/terminal/optionValues.js',
      '../contract/suite/kit.js',
      '../server.js',
    ];
    expect(await refused('src/upstream', outside)).toEqual(outside);
    expect(
      await refused('src/upstream', [
        '../contract/sameOriginFetch.js',
        '../cli/record/anonymize.js',
        '../store/store.js',
      ]),
    ).toEqual([]);
  }, 30_000);

  it('src/dashboard, a page for the browser, imports nothing of the rest of src/ and no node built-in', async () => {
    const outside = ['../mock.js', '../http/dashboardRoutes.js', 'node:fs', 'fs'];
    expect(await refused('src/dashboard', outside)).toEqual(outside);
    expect(await refused('src/dashboard', ['./api.js', './curl.js'])).toEqual([]);
  }, 30_000);
});
