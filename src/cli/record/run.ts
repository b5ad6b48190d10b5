// Records a deployment into a seed file: preflight, paging with a progress bar, anonymizing, writing.
import { access } from 'node:fs/promises';
import { writeDatasetFile } from '../../seed/file.js';
import type { SeedData } from '../../domain/types.js';
import {
  describeFailure,
  EXIT_MISCONFIGURED,
  preflight,
  trimBaseUrl,
  type CheckedRun,
} from '../../contract/preflight.js';
import { anonymizeProduct } from './anonymize.js';
import {
  PagingError,
  PartialFileError,
  record,
  RecordError,
  removePartial,
} from '../../contract/recorder.js';
import { outputDirectoryProblem } from '../terminal/outputDirectory.js';
import { productBar } from '../terminal/productBar.js';
import { counted } from '../terminal/summaryCount.js';
import { watchInterruption } from '../terminal/interruption.js';
import { startWords } from '../terminal/invocation.js';
import { keyOrProblem, type DeploymentKeyOptions } from '../terminal/apiKeySources.js';

export interface RecordCommandOptions extends DeploymentKeyOptions {
  baseUrl: string;
  out: string;
  limit?: number;
  anonymize?: boolean;
  resume?: boolean;
}

const RECORDING: CheckedRun = {
  command: 'record',
  purpose: 'recording',
  untouched: 'nothing was recorded or written',
};

/** A word as a POSIX shell reads it back: quoted unless it is plain. */
const shellWord = (word: string): string =>
  /^[\w./:@%+,=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * The command that continues this recording, to print after an interruption, started as this one
 * was (`npm start --`, `node dist/src/cli/cli.js`: see startWords). The token is named as "$TOKEN",
 * not printed: it would stay on the screen and in CI logs.
 */
export function resumeCommand(opts: RecordCommandOptions, start: string[] = startWords()): string {
  const words = [...start.map(shellWord), 'record', '--base-url', shellWord(opts.baseUrl)];
  // A key of the environment is there again for the command; one of a file is read again from it.
  if (opts.apiKeyFile !== undefined) words.push('--api-key-file', shellWord(opts.apiKeyFile));
  else if (opts.apiKey !== undefined) words.push('--api-key', '"$TOKEN"');
  words.push('--out', shellWord(opts.out));
  if (opts.limit !== undefined) words.push('--limit', String(opts.limit));
  if (opts.anonymize) words.push('--anonymize');
  return [...words, '--resume'].join(' ');
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Records and writes the file; resolves to the exit code. */
export async function runRecord(
  opts: RecordCommandOptions,
  stderr: NodeJS.WriteStream = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const baseUrl = trimBaseUrl(opts.baseUrl);
  const apiKey = await keyOrProblem('record', opts, env, (line) => stderr.write(line));
  if (apiKey === undefined) return EXIT_MISCONFIGURED;
  // Before anything is fetched: the .partial file of the first page would fail there.
  const outProblem = await outputDirectoryProblem('--out', opts.out);
  if (outProblem) {
    stderr.write(`record: ${outProblem}; nothing was recorded or written.\n`);
    return EXIT_MISCONFIGURED;
  }
  const failure = await preflight(baseUrl, apiKey, (message) => stderr.write(`record: ${message}\n`));
  if (failure) {
    stderr.write(describeFailure(failure, RECORDING) + '\n');
    return EXIT_MISCONFIGURED;
  }
  const partialFile = `${opts.out}.partial`;
  if (!opts.resume && (await exists(partialFile))) {
    stderr.write(
      `record: ${partialFile} holds an interrupted recording: add --resume to continue it, or delete it.\n`,
    );
    return EXIT_MISCONFIGURED;
  }
  const bar = productBar(stderr, 'recording');
  // From here on Ctrl-C stops the recording and says how to continue it: left to its default, it
  // ended the process with no word of --resume. Not before: the preflight could keep it waiting.
  const interruption = watchInterruption();
  try {
    const recording = await record(
      { baseUrl, apiKey },
      {
        partialFile,
        resume: opts.resume ?? false,
        limit: opts.limit,
        onProgress: bar.update,
        onRetry: (message) => bar.note(`record: ${message}`),
        signal: interruption.stop,
      },
    );
    bar.stop();
    const data = {
      products: opts.anonymize ? recording.products.map(anonymizeProduct) : recording.products,
      productTypes: recording.productTypes,
    } as unknown as SeedData;
    // Writing a large recording takes seconds after its last page: a bar of its own follows it.
    const writing = productBar(stderr, 'writing');
    await writeDatasetFile(data, opts.out, { signal: interruption.stop, onProgress: writing.update }).finally(
      () => writing.stop(),
    );
    await removePartial(partialFile);
    stderr.write(
      `record: ${counted(data.products.length, 'product')} and ${counted(data.productTypes.length, 'product type')} written to ${opts.out}` +
        `${opts.anonymize ? ' (anonymized)' : ''}; serve them with --seed ${opts.out}\n`,
    );
    return 0;
  } catch (err) {
    bar.stop();
    if (interruption.stop.aborted) {
      stderr.write(
        `record: interrupted; ${opts.out} was not written. What was recorded so far is in ${partialFile}; ` +
          `to continue it, run the same command with --resume${opts.apiKey !== undefined ? ' (with the token in TOKEN)' : ''}:\n  ${resumeCommand(opts)}\n`,
      );
      return interruption.exitCode();
    }
    if (err instanceof PartialFileError) {
      stderr.write(`record: ${err.message}\n`);
      return EXIT_MISCONFIGURED;
    }
    if (err instanceof PagingError) {
      stderr.write(`record: ${err.message}. ${opts.out} was not written.\n`);
      return 1;
    }
    if (!(err instanceof RecordError)) throw err;
    stderr.write(
      `record: ${err.message}\nWhat was recorded so far is in ${partialFile}: run again with --resume to continue.\n`,
    );
    return 1;
  } finally {
    interruption.dispose();
  }
}
