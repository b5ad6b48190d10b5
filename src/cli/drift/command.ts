// `product-catalog-mock drift`: where a deployment's answers differ from the mock's on the same data
// (docs/drift.md). Only the command's definition: what it runs is loaded when it runs.
import { Command, InvalidArgumentError } from 'commander';
import { positiveInteger } from '../terminal/optionValues.js';
import type { DriftOptions } from './run.js';
import { DEPLOYMENT_KEY_VARIABLE, deploymentKeyOptions } from '../terminal/apiKeySources.js';

/** --out: an empty value (a script's unset variable) would write the report into the current directory. */
function outDirectory(value: string): string {
  if (value.trim() === '')
    throw new InvalidArgumentError('names no directory: give the directory of the report');
  return value;
}

export function driftCommand(): Command {
  return deploymentKeyOptions(
    new Command('drift')
      .description(
        "compare a deployment's answers with the mock's on the same data; writes DIR/drift.json and DIR/drift.html (exit 0: no difference, 1: differences, 2: could not run)",
      )
      .requiredOption('--base-url <url>', 'everything up to and including /{tenantId}/{environment}'),
    DEPLOYMENT_KEY_VARIABLE,
  )
    .option('--out <dir>', 'directory of the report (created when missing)', outDirectory, 'drift-report')
    .option(
      '--limit <n>',
      'record at most this many products; reads that depend on the whole catalog are then left out',
      positiveInteger,
    )
    .option(
      '--write',
      "push the kit's small dataset to both (under a run prefix, deleted afterwards) instead of recording, and compare writes too",
    )
    .action(async (opts: DriftOptions) => {
      const { runDrift } = await import('./run.js');
      try {
        process.exitCode = await runDrift(opts);
      } catch (err) {
        // exit 1 means differences: a run that broke off is one that could not run
        process.stderr.write(
          `drift: could not finish: ${err instanceof Error ? err.message : String(err)}\n`,
        );
        process.exitCode = 2;
      }
    });
}
