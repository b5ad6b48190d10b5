#!/usr/bin/env node
// Loads only what a command needs: what this thread loads stays in memory beside the server's thread.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { DEFAULT_SEED, generatedCountOf } from '../seed/defaults.js';
import { packageRoot } from '../openapi/packageRoot.js';
import { contractCommand } from './contract/contractCommand.js';
import { recordCommand } from './record/recordCommand.js';
import { driftCommand } from './drift/command.js';
import {
  allowedHost,
  apiKeys,
  corsOrigin,
  dataFile,
  host,
  keyFile,
  latency,
  milliseconds,
  outFile,
  port,
  positiveInteger,
  positiveNumber,
} from './terminal/optionValues.js';
import { npmTookMessage, optionsNpmTook } from './terminal/npmTookOptions.js';
import { serve, type ServeOptions } from './serve/serveCommand.js';
import { MAX_DELAY_MS } from '../workbench/prefer.js';

const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  version: string;
};

const program = new Command()
  .name('product-catalog-mock')
  .description('In-memory mock of the multi-tenant product catalog service')
  .version(version, '-V, --version', 'print the version')
  .showHelpAfterError('(product-catalog-mock --help lists the commands)');

program
  .command('serve', { isDefault: true })
  .description('start the mock server (the default command)')
  .addOption(
    new Option('-p, --port <port>', 'port to listen on (0: a free one)')
      .env('PORT')
      .argParser(port)
      .default(4010),
  )
  .option('--host <host>', 'address to listen on', host, '127.0.0.1')
  .option('--region <region>', 'region of the prefixes that name none (eu, us, in, au, uae; any case)', 'eu')
  .option(
    '--api-key <key>',
    'strict mode: accept only this key; KEY=tenantA,tenantB binds it to tenants (repeatable)',
    apiKeys,
    [],
  )
  .option(
    '--api-key-file <file>',
    'strict mode: accept the keys of this file too, one per line as --api-key takes them (out of sight of ps); so are those of PRODUCT_CATALOG_MOCK_API_KEYS',
    keyFile,
  )
  .option(
    '--allowed-host <name>',
    'answer requests that name this host too, besides loopback names, IP addresses and --host (repeatable; .example.test: it and the names below; all: every name)',
    allowedHost,
    [],
  )
  .option(
    '--cors-origin <origin>',
    'let pages of this origin read answers and call /__admin, besides loopback ones (repeatable; * for every origin)',
    corsOrigin,
    [],
  )
  .option(
    '--public-reads',
    'reads (GET, and POST /products) need no token, as the published client-side class sends none; writes still do',
  )
  .option(
    '--data <file>',
    'keep the data in this file (and its journal files beside it) instead of only in memory',
    dataFile,
  )
  .option(
    '--compact-after <MB>',
    'with --data: write a new snapshot once the journal outgrows this many MB (default 64)',
    positiveNumber,
  )
  .option(
    '--max-fault-rules <n>',
    'the most fault rules kept at once (POST /__admin/faults past it: 507); default 100',
    positiveInteger,
  )
  .option(
    '--max-stored-mb <MB>',
    'the most MB of records writes may keep, all tenants together (a write past it: 507); default an eighth of the heap limit',
    positiveNumber,
  )
  .option(
    '--max-scope-mb <MB>',
    'the most MB of records writes may keep in one scope (region, tenant, environment; a write past it: 507); default a quarter of --max-stored-mb',
    positiveNumber,
  )
  .option(
    '--journal-per-scope <n>',
    'the most request journal entries one scope (region, tenant, environment) keeps, its oldest forgotten past it; default 250, at most 1000',
    positiveInteger,
  )
  .option(
    '--seed <seed>',
    'dataset every scope starts from: a bundled name, a product count, a .json file, or none',
    DEFAULT_SEED,
  )
  .option(
    '--no-tune',
    'no process tuning: the server on the main thread with V8 defaults (no worker thread, no heap flags)',
  )
  .option('--watch', 'with --seed FILE: an edit of the file that is valid becomes the seed')
  .addOption(
    new Option(
      '--log-format <format>',
      'request log on stdout: pretty (readable) or json (a line per request)',
    )
      .choices(['pretty', 'json'])
      .default('pretty'),
  )
  .option('-q, --quiet', 'no request log')
  .option(
    '--latency <ms>',
    `delay every API answer: N ms, or A-B for a uniform choice in the range (at most ${MAX_DELAY_MS})`,
    latency,
  )
  .option(
    '--upstream <url>',
    'read what the mock does not hold from this deployment; writes stay here (docs/upstream.md)',
  )
  .option(
    '--upstream-api-key-file <file>',
    "with --upstream: file holding the deployment's key (or set PRODUCT_CATALOG_MOCK_UPSTREAM_API_KEY)",
    dataFile,
  )
  .option(
    '--upstream-timeout <ms>',
    'with --upstream: wait this long for the deployment, then answer 504 (default 10000)',
    milliseconds,
  )
  .option(
    '--upstream-record <file>',
    'with --upstream: write what was fetched as a seed file, for --seed FILE offline',
    outFile,
  )
  .option('--upstream-anonymize', 'with --upstream-record: anonymize it as record --anonymize does')
  .option(
    '--no-upstream-fill',
    'with --upstream: never copy a scope; always forward its lists, search and facets',
  )
  // serve is the default command, so a mistyped command's name arrives here as an argument.
  .allowExcessArguments()
  .action(async (opts: ServeOptions, command: Command) => {
    // Before the stray word: `npm start --seed none` leaves `none` here, which npm's taking of --seed explains.
    const tookByNpm = optionsNpmTook(command);
    if (tookByNpm.length > 0) program.error(npmTookMessage(tookByNpm));
    const [word] = command.args;
    // `serve --seed none extra`: serve was named, so the word is no command but an argument too many.
    if (word !== undefined && program.args[0] === 'serve') {
      command.error(`error: serve takes no arguments, got '${word}' (an option is written --name value)`);
    }
    if (word !== undefined) {
      const names = program.commands.map((c) => c.name()).join(', ');
      program.error(`error: unknown command '${word}' (commands: ${names})`);
    }
    // Read here, once: the server's thread gets them as the command line's (docs/security.md, "Keys").
    const { gatherApiKeys } = await import('./terminal/apiKeySources.js');
    return serve({ ...opts, apiKey: await gatherApiKeys(opts.apiKey, opts.apiKeyFile) });
  });

program
  .command('seed')
  .description('write a dataset to a JSON file, loadable with --seed FILE')
  .option(
    '--seed <seed>',
    'what to write, as serve --seed takes it: a bundled dataset name, a product count, a .json file, or none',
    DEFAULT_SEED,
  )
  .requiredOption('--out <file>', 'file to write; - for standard output', outFile)
  .action(async (opts: { seed: string; out: string }) => {
    // A count larger than this node's heap holds runs again in a node sized for it (heapRerun.ts).
    const count = generatedCountOf(opts.seed);
    const rerun =
      count === undefined ? undefined : await (await import('./seed/heapRerun.js')).rerunSizedFor(count);
    if (rerun !== undefined) {
      process.exitCode = rerun;
      return;
    }
    const { runSeedCommand } = await import('./seed/seedCommand.js');
    process.exitCode = await runSeedCommand(opts);
  });

program.addCommand(contractCommand());
program.addCommand(recordCommand());
program.addCommand(driftCommand());
// After a mistake, one line that says where the options are: the whole help after it (30 lines for
// serve, more for contract) pushed the mistake itself off the top of a terminal of 24 lines.
for (const command of program.commands) {
  command.showHelpAfterError(`(product-catalog-mock ${command.name()} --help lists its options)`);
}
program.addHelpText(
  'after',
  '\nWithout a command the server starts (serve). Its options, such as --port, --seed, --data and\n' +
    '--api-key: product-catalog-mock serve --help',
);

program.parseAsync().catch((err: unknown) => {
  console.error(`product-catalog-mock: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
