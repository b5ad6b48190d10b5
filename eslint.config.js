import js from '@eslint/js';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

// The layers of src/ (docs/architecture.md): each may import only from the layers below it.
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const frameworks = ['express', 'express/*', 'lowdb', 'lowdb/*', 'cors', 'supertest', 'swagger-ui-dist'];
const layer = (folder, message) => ({ group: [`**/${folder}/*`, `../${folder}/*`], message });
const banned = (names, message) => names.map((name) => ({ name, message }));
const lowdbOnlyInStore = banned(['lowdb', 'lowdb/node'], 'only src/store knows lowdb');
/** A room of src/ that imports none of the named rooms (their paths as seen from the room's files). */
const room = (files, groups, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { paths: lowdbOnlyInStore, patterns: [{ group: groups, message }] }],
  },
});
// The commands of src/cli/ (docs/architecture.md, "Folders"): each a room of its own; terminal/ below them.
const commands = ['serve', 'seed', 'contract', 'record', 'drift'];

export default tseslint.config(
  {
    ignores: ['src/generated/', 'dist/', 'examples/*/dist/', 'node_modules/', 'bench/results/', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Only the store knows lowdb.
    files: ['src/**/*.ts'],
    ignores: ['src/store/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: banned(['lowdb', 'lowdb/node'], 'only src/store knows lowdb') },
      ],
    },
  },
  {
    // Pure rules: no framework, no store, no process, no I/O.
    files: ['src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: banned(
            [...frameworks, ...nodeBuiltins],
            'src/domain holds pure rules: no framework, store or node built-in',
          ),
          patterns: [
            {
              // Every other folder and top-level module of src/, listed or added later; the record
              // types generated from openapi.yaml are the one thing the domain reads from outside.
              regex: '^\\.\\./(?!generated/openapi\\.js$)',
              message:
                'src/domain imports nothing from the rest of src/ (but src/generated/openapi.ts): the domain is the bottom layer',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'src/domain does not read the process: pass what it needs in' },
        { name: 'Buffer', message: 'src/domain works on values, not bytes' },
      ],
    },
  },
  {
    // Caches and indexes over the domain: no framework, no store.
    files: ['src/query/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: banned([...frameworks, ...nodeBuiltins], 'src/query derives from domain values only'),
          patterns: ['http', 'store', 'routes', 'cli', 'seed', 'pipeline', 'contract', 'media'].map(
            (folder) => layer(folder, `src/query imports nothing from src/${folder}`),
          ),
        },
      ],
    },
  },
  {
    // The store knows lowdb and the domain; nothing of HTTP.
    files: ['src/store/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: banned(['express', 'cors', 'supertest'], 'src/store knows nothing of HTTP'),
          patterns: ['http', 'routes', 'cli', 'pipeline', 'contract', 'media'].map((folder) =>
            layer(folder, `src/store imports nothing from src/${folder}`),
          ),
        },
      ],
    },
  },
  {
    // The request pipeline and the operation handlers run under any adapter (node's http server, a
    // fetch Request in a service worker): no framework, no node built-in, nothing of the adapter.
    files: ['src/pipeline/**/*.ts', 'src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: banned(
            [...frameworks, ...nodeBuiltins],
            'the pipeline runs under any adapter: no framework or node built-in (inject what it needs)',
          ),
          patterns: ['http', 'cli', 'seed', 'contract', 'media'].map((folder) =>
            layer(folder, `the pipeline and routes import nothing from src/${folder}`),
          ),
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Buffer', message: 'the pipeline runs under any adapter: no node Buffer' },
      ],
    },
  },
  {
    // The Mock Service Worker adapter and the composition it uses run in a browser or service worker:
    // no framework, no node built-in, no file system (openapi.yaml comes bundled, the store in memory).
    files: ['src/msw/**/*.ts', 'src/mockCore.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: banned(
            [...frameworks, ...nodeBuiltins, '@apidevtools/swagger-parser'],
            'the msw adapter runs in a browser: no framework, node built-in or file access',
          ),
          patterns: [
            ...['http', 'cli', 'contract'].map((folder) =>
              layer(folder, `the msw adapter imports nothing from src/${folder}`),
            ),
            ...['**/mock.js', '**/app.js', '**/server.js', '**/seed/resolve.js', '**/seed/file.js'].map(
              (group) => ({
                group: [group],
                message: 'node-only: the msw adapter composes the mock with src/mockCore.ts',
              }),
            ),
            ...['**/openapi/apiDocument.js', '**/openapi/packageRoot.js', '**/openapi/schemas.js'].map(
              (group) => ({
                group: [group],
                message: 'reads openapi.yaml from disk: use src/generated/apiDocument.ts',
              }),
            ),
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Buffer', message: 'the msw adapter runs in a browser: no node Buffer' },
        { name: 'process', message: 'the msw adapter runs in a browser: no process' },
      ],
    },
  },
  {
    // A suite file's setup is the kit's: vitest's beforeAll would write for tests the selection leaves out.
    files: ['contract-tests/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'vitest',
              importNames: ['beforeAll'],
              message:
                "use the kit's setup(): it runs only when a test of its block is selected, and holds back writes the selection leaves out",
            },
          ],
        },
      ],
    },
  },
  {
    // The express adapter serves whatever it is given: it never reaches into the routes.
    files: ['src/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: banned(['lowdb', 'lowdb/node'], 'only src/store knows lowdb'),
          patterns: [
            layer('routes', 'src/http is an adapter: routes are handed to it, never imported'),
            ...['cli', 'contract'].map((folder) =>
              layer(folder, `src/http imports nothing from src/${folder}`),
            ),
          ],
        },
      ],
    },
  },
  // Demo media: served by http and msw, named by seed, held by workbench; it imports none of them.
  room(
    ['src/media/**/*.ts'],
    [
      '**/workbench/*',
      '**/seed/*',
      '**/http/*',
      '**/msw/*',
      '**/cli/*',
      '**/contract/*',
      '**/store/*',
      '**/routes/*',
      '**/pipeline/*',
      '**/*mock*.js',
      '**/app.js',
      '**/server.js',
    ],
    'src/media is below the seed, the workbench and the adapters: it imports none of them',
  ),
  // The seed, the workbench and the openapi layer import no command and no contract kit.
  room(
    ['src/seed/**/*.ts', 'src/workbench/**/*.ts', 'src/openapi/**/*.ts'],
    ['**/cli/*', '**/contract/*', '**/http/*', '**/msw/*', '**/app.js', '**/server.js'],
    'a layer below the commands and the adapters: no import of src/cli, src/contract, src/http or src/msw',
  ),
  // serve --upstream (docs/upstream.md): below the commands and the adapters; of the commands it uses
  // record's anonymization only, and of the contract kit its one rule for outgoing requests.
  room(
    ['src/upstream/**/*.ts'],
    [
      ...commands.filter((name) => name !== 'record').map((name) => `**/cli/${name}/*`),
      '**/cli/terminal/*',
      '**/cli/cli.js',
      '**/http/*',
      '**/msw/*',
      '**/contract/suite/*',
      '**/contract/report/*',
      '**/contract/propertyRequests/*',
      '**/app.js',
      '**/server.js',
    ],
    "src/upstream is below the commands and the adapters: no import of them (but record/anonymize.ts) nor of the contract kit's rooms",
  ),
  // The dashboard's page (docs/behaviour.md, "Dashboard"): bundled for the browser on its own; it
  // imports nothing of the rest of src/ (its calls go through documented endpoints) and no node
  // built-in (the server serves its build as files, and imports none of it).
  room(
    ['src/dashboard/**/*.ts'],
    ['../**', 'node:*', ...nodeBuiltins],
    'src/dashboard runs in a browser and talks to the mock through its documented endpoints only: no import of the rest of src/ or of node',
  ),
  // The dataset definitions: src/ imports them, they import nothing of src/ but the domain's types and helpers.
  {
    files: ['seeds/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./src/(?!domain/)',
              message: 'seeds/ imports nothing of src/ but src/domain: src/ imports seeds/, one way',
            },
          ],
        },
      ],
    },
  },
  // The contract kit, one root whose parts import one way: the top level none of its rooms, suite/
  // neither report/ nor propertyRequests/, report/ not propertyRequests/; no part the commands or the suite files.
  room(
    ['src/contract/*.ts'],
    ['./suite/*', './report/*', './propertyRequests/*', '**/cli/*', '**/contract-tests/*'],
    'the top of src/contract is the bottom of the kit: it imports none of its rooms, no command and no suite file',
  ),
  room(
    ['src/contract/suite/**/*.ts'],
    ['../report/*', '../propertyRequests/*', '**/cli/*', '**/contract-tests/*'],
    'src/contract/suite imports neither the reports nor the property checks, no command and no suite file',
  ),
  room(
    ['src/contract/report/**/*.ts'],
    ['../propertyRequests/*', '**/cli/*', '**/contract-tests/*'],
    'src/contract/report imports no property check, no command and no suite file',
  ),
  room(
    ['src/contract/propertyRequests/**/*.ts'],
    ['**/cli/*', '**/contract-tests/*'],
    'the contract kit imports no command and no suite file',
  ),
  // The commands' shared room imports no command; a command imports no other command, nor cli.ts.
  room(
    ['src/cli/terminal/**/*.ts'],
    [...commands.map((name) => `../${name}/*`), '../cli.js'],
    'src/cli/terminal is below the commands: it imports none of them',
  ),
  ...commands.map((name) =>
    room(
      [`src/cli/${name}/**/*.ts`],
      [...commands.filter((other) => other !== name).map((other) => `../${other}/*`), '../cli.js'],
      `src/cli/${name} is one command's room: it imports no other command (share through src/cli/terminal)`,
    ),
  ),
);
