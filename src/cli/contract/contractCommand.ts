// `product-catalog-mock contract`: the package's contract suite, run by vitest against a deployment.
// Exit codes: 0 passed, 1 a contract failure (or records it could not remove), 2 the run is
// misconfigured (nothing was run), 128 + N stopped by signal N (130 SIGINT, 143 SIGTERM, 129 SIGHUP).
// A stopped run exits 128 + N whether or not the removal of what it wrote finished: the code says the
// run was stopped, as a shell expects of Ctrl-C, and the last lines printed say whether anything under
// its prefix may remain, with the command that removes it.
import { resolve } from 'node:path';
import { Command } from 'commander';
import { integer, milliseconds, positiveInteger } from '../terminal/optionValues.js';
import { runCleanup } from './cleanupCommand.js';
import { watchInterruption } from '../terminal/interruption.js';
import { runSuite } from './suiteProcess.js';
import { targetFromEnv } from '../../contract/suite/target.js';
import { DEFAULT_TOKEN, describeFailure, EXIT_MISCONFIGURED, preflight } from '../../contract/preflight.js';
import { noticeOnStderr } from '../../contract/retry.js';
import { cleanupCommand } from '../../contract/cleanup.js';
import { sweepAndReport } from '../../contract/sweep.js';
import { outputDirectoryProblem } from '../terminal/outputDirectory.js';
import { deploymentKeyOf, deploymentKeyOptions } from '../terminal/apiKeySources.js';

export interface ContractOptions {
  baseUrl?: string;
  apiKey?: string;
  /** --api-key-file: the key read from a file, out of sight of `ps` (as CONTRACT_API_KEY is). */
  apiKeyFile?: string;
  readonly?: boolean;
  junit?: string;
  report?: string;
  settleMs?: number;
  only?: string[];
  skip?: string[];
  /** commander's name for --no-destructive */
  destructive?: boolean;
  /** --items-without-ids: send batch items that lack their id to a deployment too. */
  itemsWithoutIds?: boolean;
  generated?: boolean;
  examples?: number;
  seed?: number;
  /** A run prefix whose records to remove, instead of a run. */
  cleanup?: string;
}

const names = (value: string, previous: string[] = []): string[] => [
  ...previous,
  ...value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

/**
 * The options that shape a run, as typed, and whether each was given: --cleanup runs nothing, so one
 * of them beside it is a mistake to point out, not a wish to ignore.
 */
const RUN_OPTIONS: readonly (readonly [string, (opts: ContractOptions) => boolean])[] = [
  ['--only', (o) => o.only !== undefined],
  ['--skip', (o) => o.skip !== undefined],
  ['--generated', (o) => o.generated !== undefined],
  ['--junit', (o) => o.junit !== undefined],
  ['--report', (o) => o.report !== undefined],
  ['--no-destructive', (o) => o.destructive === false],
  ['--items-without-ids', (o) => o.itemsWithoutIds !== undefined],
  ['--examples', (o) => o.examples !== undefined],
  ['--seed', (o) => o.seed !== undefined],
];

/** The options only the generated checks (--generated) take, and whether each was given. */
const GENERATED_OPTIONS = RUN_OPTIONS.filter(([name]) => name === '--examples' || name === '--seed');

/** A file named relative to this process's directory, as an absolute path; none and empty as they are. */
const here = (file: string | undefined): string | undefined => (file ? resolve(file) : file);

/** The environment the suite reads its target from (src/contract/suite/target.ts). */
export function contractEnv(opts: ContractOptions, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const set = (value: string | undefined) => (value === undefined ? {} : { value });
  const vars: Record<string, { value: string } | object> = {
    CONTRACT_BASE_URL: set(opts.baseUrl),
    CONTRACT_API_KEY: set(opts.apiKey),
    CONTRACT_READONLY: set(opts.readonly ? '1' : undefined),
    // relative to where the command was run, not to the package the suite runs from (its working
    // directory), whether given as an option or as a variable
    CONTRACT_JUNIT: set(here(opts.junit ?? env.CONTRACT_JUNIT)),
    CONTRACT_REPORT: set(here(opts.report ?? env.CONTRACT_REPORT)),
    CONTRACT_TARGET_LABEL: set(opts.baseUrl),
    CONTRACT_SETTLE_MS: set(opts.settleMs === undefined ? undefined : String(opts.settleMs)),
    CONTRACT_ONLY: set(opts.only?.length ? opts.only.join(',') : undefined),
    CONTRACT_SKIP: set(opts.skip?.length ? opts.skip.join(',') : undefined),
    CONTRACT_NO_DESTRUCTIVE: set(opts.destructive === false ? '1' : undefined),
    CONTRACT_ITEMS_WITHOUT_IDS: set(opts.itemsWithoutIds ? '1' : undefined),
  };
  const out: NodeJS.ProcessEnv = { ...env };
  for (const [name, v] of Object.entries(vars)) if ('value' in v) out[name] = v.value;
  return out;
}

/**
 * What a run against a deployment says when it was given no token: it sends DEFAULT_TOKEN, which the
 * mock accepts and a deployment most likely refuses (docs/contract.md, "Contract tests"); undefined
 * when a token was given or the run is against the mock in-process.
 */
export function defaultTokenNotice(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.CONTRACT_BASE_URL?.trim() || env.CONTRACT_API_KEY?.trim()) return undefined;
  return (
    `contract: no key given (--api-key-file, CONTRACT_API_KEY or --api-key): sending x-api-key "${DEFAULT_TOKEN}", ` +
    'which the mock accepts; give the deployment its own token with --api-key-file FILE or CONTRACT_API_KEY'
  );
}

/**
 * A refusal of the suite's reader, which names the variable it read, in the words of the command line:
 * `--base-url notaurl` was refused as "CONTRACT_BASE_URL must be ...", a variable its user never set.
 */
function asGiven(message: string, opts: ContractOptions): string {
  // The one such value an option can carry: commander checks the others' values itself.
  const variable = 'CONTRACT_BASE_URL';
  return opts.baseUrl !== undefined && message.startsWith(variable)
    ? '--base-url' + message.slice(variable.length)
    : message;
}

/** Preflight against a deployment, then the suite or the generated checks; resolves to the exit code. */
export async function runContract(
  opts: ContractOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (opts.cleanup !== undefined) {
    const given = RUN_OPTIONS.find(([, isGiven]) => isGiven(opts))?.[0];
    if (given) {
      console.error(
        `contract --cleanup: ${given} is an option of a run, and --cleanup runs nothing: it removes every ` +
          `record under the prefix, whatever the run selected or wrote. Leave ${given} out.`,
      );
      return EXIT_MISCONFIGURED;
    }
  } else if (env.CONTRACT_RUN_PREFIX !== undefined) {
    // A prefix inherited from the environment would be shared by every run that inherits it: two jobs
    // of one pipeline would write under it, and the sweep after one of them is stopped would remove
    // the other's live records. Refused rather than ignored: whoever set it expects the run to use it,
    // and would later hand --cleanup a prefix the run never wrote under.
    console.error(
      `contract: CONTRACT_RUN_PREFIX is set ("${env.CONTRACT_RUN_PREFIX}"), but this command makes a new ` +
        'prefix for every run, so that no two runs share one; unset it (only `npm run test:contract` ' +
        'reads it). To remove what a run left under a prefix, use --cleanup PREFIX.',
    );
    return EXIT_MISCONFIGURED;
  } else if (!opts.generated) {
    // The suite takes neither: ignored, the run would go ahead as if they had not been given.
    const given = GENERATED_OPTIONS.find(([, isGiven]) => isGiven(opts))?.[0];
    if (given) {
      console.error(
        `contract: ${given} shapes the generated checks, and this run is the suite: give --generated with it, or leave it out`,
      );
      return EXIT_MISCONFIGURED;
    }
  }
  if (opts.apiKeyFile !== undefined) {
    try {
      opts = { ...opts, apiKey: await deploymentKeyOf(opts, 'CONTRACT_API_KEY', env) };
    } catch (err) {
      console.error(`contract: ${(err as Error).message}; nothing was sent`);
      return EXIT_MISCONFIGURED;
    }
  }
  // The options over the CONTRACT_* variables, read once by the suite's own reader: both kinds of run
  // take the same values the same way, and a value it cannot read stops the run before anything is sent.
  // --cleanup removes the prefix it is given; one inherited in the environment plays no part
  const suiteEnv = contractEnv(
    opts,
    opts.cleanup === undefined ? env : { ...env, CONTRACT_RUN_PREFIX: undefined },
  );
  let target: ReturnType<typeof targetFromEnv>;
  try {
    target = targetFromEnv(suiteEnv);
  } catch (err) {
    console.error(`contract: ${asGiven((err as Error).message, opts)}`);
    return EXIT_MISCONFIGURED;
  }
  const notice = defaultTokenNotice(suiteEnv);
  if (notice) console.error(notice);
  if (opts.cleanup !== undefined) return runCleanup(opts.cleanup, target);
  const { baseUrl, apiKey } = target;
  // Loaded here, not at the top: every command line loads this module, and these load Ajv and the
  // document (about 100 ms of each start of the server; docs/performance.md, "Start-up").
  const [{ operationIdsOf, selectionProblem, TIERS }, { loadApiDocument }] = await Promise.all([
    import('../../contract/suite/selection.js'),
    import('../../openapi/apiDocument.js'),
  ]);
  // The generated checks are per operation: tiers are the suite's.
  const problem = selectionProblem(
    target,
    operationIdsOf(await loadApiDocument()),
    opts.generated ? [] : TIERS,
  );
  if (problem) {
    console.error(problem);
    return EXIT_MISCONFIGURED;
  }
  // A report that cannot be written would be found out only after the whole run.
  for (const [option, file] of [
    ['--junit', suiteEnv.CONTRACT_JUNIT],
    ['--report', suiteEnv.CONTRACT_REPORT],
  ] as const) {
    const unwritable = file ? await outputDirectoryProblem(option, file) : undefined;
    if (unwritable) {
      console.error(`contract: ${unwritable}; nothing was sent`);
      return EXIT_MISCONFIGURED;
    }
  }
  if (baseUrl) {
    // the suite's globalSetup runs the same preflight; this one decides the exit code
    const failure = await preflight(baseUrl, apiKey, noticeOnStderr('contract'));
    if (failure) {
      console.error(describeFailure(failure));
      return EXIT_MISCONFIGURED;
    }
  }
  const interruption = watchInterruption();
  // The in-process mock of the suite lives and ends in the suite's process; the generated checks'
  // lives here, and their records are removed like a deployment's.
  const removes = !target.readonly && (opts.generated || baseUrl !== undefined);
  interruption.stop.addEventListener('abort', () => {
    const signal = interruption.received();
    console.error(
      `\ncontract: ${signal}: stopping the run` +
        (removes
          ? `, then removing what it wrote under ${target.runPrefix} (${signal} again to leave it)`
          : ''),
    );
  });
  // A third signal exits at once: the suite's group is killed (runSuite), and the prefix is said
  // here, for nothing after this listener runs.
  interruption.abandon.addEventListener('abort', () => {
    // the generated checks' in-process mock ends with this process, and its records with it
    if (!removes || baseUrl === undefined) return;
    console.error(
      `\ncontract: a third signal: exiting now; records under ${target.runPrefix} ` +
        `may remain. Remove them with: ${cleanupCommand(target.runPrefix, baseUrl)}`,
    );
  });
  try {
    if (opts.generated) {
      const { runGeneratedCommand } = await import('../../contract/propertyRequests/command.js');
      const code = await runGeneratedCommand({
        baseUrl,
        apiKey,
        examples: opts.examples,
        seed: opts.seed,
        readonly: target.readonly,
        only: target.only,
        skip: target.skip,
        destructive: target.destructive,
        itemsWithoutIds: target.itemsWithoutIds,
        prefix: target.runPrefix,
        settleMs: target.settleMs,
        stop: interruption.stop,
        giveUp: interruption.giveUp,
        // the suite's reports, from the options over the variables, resolved where the command ran
        junit: suiteEnv.CONTRACT_JUNIT,
        report: suiteEnv.CONTRACT_REPORT,
      });
      return interruption.received() ? interruption.exitCode() : code;
    }
    // the suite writes under the prefix chosen here, so that this process knows what to remove
    const code = await runSuite(
      { ...suiteEnv, CONTRACT_RUN_PREFIX: target.runPrefix },
      interruption.stop,
      interruption.received,
      interruption.abandon,
    );
    if (!interruption.received()) return code;
    if (target.readonly) console.error('contract: the run stopped; it was read-only and wrote nothing.');
    else if (baseUrl === undefined)
      console.error('contract: the run stopped; its in-process mock ended with it, so nothing remains.');
    else
      await sweepAndReport(
        { baseUrl, apiKey },
        target.runPrefix,
        // the suite may have been answered a write it had no time to record, or one may be in flight
        { settleMs: target.settleMs, lateWrites: true, signal: interruption.giveUp },
        (line) => console.error(line),
      );
    return interruption.exitCode();
  } finally {
    interruption.dispose();
  }
}

export function contractCommand(): Command {
  return (
    deploymentKeyOptions(
      new Command('contract')
        .description(
          'run the contract suite against a deployment (without --base-url: against this mock, in-process); ' +
            'exit 0 passed, 1 contract failures, 2 misconfigured target, 130/143 stopped by SIGINT/SIGTERM',
        )
        .option('--base-url <url>', 'everything up to and including /{tenantId}/{environment}'),
      'CONTRACT_API_KEY',
    )
      .option('--readonly', 'only read and error checks: write nothing')
      .option('--junit <file>', 'also write a JUnit XML report to this file')
      .option('--report <file.html>', 'also write a self-contained HTML report to this file')
      .option(
        '--only <names>',
        'run only tests of these operationIds or tiers ("mock choice", "published", "spec"); comma-separated, repeatable',
        names,
      )
      .option(
        '--skip <names>',
        'leave out tests of these operationIds or tiers; comma-separated, repeatable',
        names,
      )
      .option('--no-destructive', 'skip the tests of DELETE operations (the run still deletes its own ids)')
      .option(
        '--items-without-ids',
        'also send batch items that lack their id (productGroupId, productId, productTypeId) to the deployment: ' +
          'one it accepts may be stored under an id outside the run prefix, which no cleanup finds',
      )
      .option('--settle-ms <ms>', 'how long reads after writes may retry (default 5000)', milliseconds)
      .option('--generated', 'run checks generated from openapi.yaml instead of the suite')
      .option(
        '--examples <n>',
        'with --generated: requests generated per operation and kind (default 25)',
        positiveInteger,
      )
      .option('--seed <seed>', 'with --generated: seed of the generator, to repeat a run', integer)
      .option(
        '--cleanup <prefix>',
        'instead of a run: remove every product and product type under this run prefix (ct-...-, printed at the start of each run) from --base-url',
      )
      // A value commander refuses (--settle-ms abc, an unknown option) is a misconfigured run, not a
      // contract failure: exit 2 after commander's one-line message, as for every other refusal.
      .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : EXIT_MISCONFIGURED))
      .action(async (opts: ContractOptions) => {
        process.exitCode = await runContract(opts);
      })
  );
}
