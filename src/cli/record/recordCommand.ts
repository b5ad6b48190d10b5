// `product-catalog-mock record`: a deployment's catalog written as a seed file that `--seed FILE` loads.
// Only the command's definition: what it runs is loaded when it runs.
import { Command } from 'commander';
import type { RecordCommandOptions } from './run.js';
import { outFile, positiveInteger } from '../terminal/optionValues.js';
import { DEPLOYMENT_KEY_VARIABLE } from '../terminal/apiKeySources.js';

export function recordCommand(): Command {
  return new Command('record')
    .description("write a deployment's products and product types to a seed file (loadable with --seed FILE)")
    .requiredOption('--base-url <url>', 'everything up to and including /{tenantId}/{environment}')
    .option(
      '--api-key-file <file>',
      `the file holding the access token, sent in x-api-key (or give it in ${DEPLOYMENT_KEY_VARIABLE})`,
    )
    .option(
      '--api-key <key>',
      'access token, sent in x-api-key (visible to other users in ps: prefer --api-key-file)',
    )
    .requiredOption('--out <file>', 'seed file to write', outFile)
    .option('--limit <n>', 'record at most this many products', positiveInteger)
    .option('--anonymize', 'replace names, descriptions, brand names and media URLs with generated ones')
    .option('--resume', 'continue an interrupted recording from OUT.partial')
    .action(async (opts: RecordCommandOptions) => {
      const { runRecord } = await import('./run.js');
      process.exitCode = await runRecord(opts);
    });
}
