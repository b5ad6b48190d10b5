// `product-catalog-mock record`: a deployment's catalog written as a seed file that `--seed FILE` loads.
// Only the command's definition: what it runs is loaded when it runs.
import { Command } from 'commander';
import type { RecordCommandOptions } from './run.js';
import { outFile, positiveInteger } from '../terminal/optionValues.js';
import { DEPLOYMENT_KEY_VARIABLE, deploymentKeyOptions } from '../terminal/apiKeySources.js';

export function recordCommand(): Command {
  return deploymentKeyOptions(
    new Command('record')
      .description(
        "write a deployment's products and product types to a seed file (loadable with --seed FILE)",
      )
      .requiredOption('--base-url <url>', 'everything up to and including /{tenantId}/{environment}'),
    DEPLOYMENT_KEY_VARIABLE,
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
