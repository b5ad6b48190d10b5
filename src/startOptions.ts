// The rules a mock's start options follow, said once for every entry point: `serve` (its flags,
// src/cli/serve/startServing.ts), startServer and createMock (the options of code) and the msw
// handlers (src/msw/handlers.ts). Each message names the option as its caller gave it: a flag on the
// command line, a property in code. Node-free: the msw handlers check their options with it too.
import type { OpenAPIV3 } from 'openapi-types';
import { checkRegion } from './mockCore.js';
import { checkUpstreamUrl } from './upstream/upstream.js';
import { JOURNAL_SIZE } from './workbench/requestJournal.js';

/** Where the options come from: the command line's flags, or the properties of code. */
export type OptionsFrom = 'cli' | 'code';

/** Each option's name as the caller wrote it. */
const NAMES = {
  compactAfter: { cli: '--compact-after', code: 'compactAfterMb' },
  data: { cli: '--data', code: 'data' },
  dataGiven: { cli: '--data FILE', code: 'data' },
  watch: { cli: '--watch', code: 'watch' },
  journalPerScope: { cli: '--journal-per-scope', code: 'journalPerScope' },
  maxScopeMb: { cli: '--max-scope-mb', code: 'maxScopeMb' },
  seedFile: { cli: '--seed FILE', code: 'seedFile' },
  upstream: { cli: '--upstream URL', code: 'upstream.url' },
  upstreamApiKeyFile: { cli: '--upstream-api-key-file', code: 'upstream.apiKeyFile' },
  upstreamTimeout: { cli: '--upstream-timeout', code: 'upstream.timeoutMs' },
  upstreamRecord: { cli: '--upstream-record', code: 'upstream.record' },
  upstreamAnonymize: { cli: '--upstream-anonymize', code: 'upstream.anonymize' },
  upstreamFill: { cli: '--no-upstream-fill', code: 'upstream.fill' },
} as const;

type OptionName = keyof typeof NAMES;

export interface StartOptions {
  /** Region of the two prefixes that name none (`--region`). */
  region?: string;
  /** The file the data is kept in (`--data`). */
  data?: string;
  /** With data: the journal size in MB from which a snapshot is written (`--compact-after`). */
  compactAfterMb?: number;
  /** Watch the seed file (`--watch`). */
  watch?: boolean;
  /** The JSON dataset file served (`--seed FILE`). */
  seedFile?: string;
  /** The deployment behind the mock and its options (`--upstream` and `--upstream-*`; docs/upstream.md). */
  upstream?: UpstreamStartOptions;
  /**
   * The most request journal entries one scope keeps (`--journal-per-scope`), 1 to JOURNAL_SIZE;
   * JOURNAL_PER_SCOPE when absent (docs/security.md, "Bounds").
   */
  journalPerScope?: number;
  /**
   * The most MB of records the writes may keep in one scope (`--max-scope-mb`); a quarter of
   * `--max-stored-mb` when absent (docs/security.md, "Bounds").
   */
  maxScopeMb?: number;
}

/** `serve --upstream`'s options (the `upstream` option of code), as far as they are checked here. */
export interface UpstreamStartOptions {
  url?: string;
  /** Only the command line reads the key from a file. */
  apiKeyFile?: string;
  timeoutMs?: number;
  record?: string;
  anonymize?: boolean;
  /** false: never copy a scope (`--no-upstream-fill`). */
  fill?: boolean;
}

/**
 * Refuses options that do not go together, or a value no start can use, before anything is opened
 * or generated (a refused option must not touch a --data file); returns the region as the document
 * spells it. The region's message names the value and the allowed ones, the same from either side.
 */
export function checkStartOptions(
  document: OpenAPIV3.Document,
  options: StartOptions,
  from: OptionsFrom = 'code',
): { region: string } {
  const name = (option: OptionName): string => NAMES[option][from];
  const region = checkRegion(document, options.region);
  if (options.watch && options.seedFile === undefined) {
    throw new Error(
      `${name('watch')} needs ${name('seedFile')}, the JSON dataset file to watch (and to serve, when no seed is given)`,
    );
  }
  const { compactAfterMb } = options;
  if (compactAfterMb !== undefined) {
    // Alone it would be ignored; NaN would never compact the journal.
    if (options.data === undefined) {
      throw new Error(
        `${name('compactAfter')} sizes the journal of a ${name('data')} file: give ${name('dataGiven')} with it`,
      );
    }
    if (typeof compactAfterMb !== 'number' || !Number.isFinite(compactAfterMb) || compactAfterMb <= 0) {
      throw new Error(
        `${name('compactAfter')} must be a positive number of MB, not ${String(compactAfterMb)}`,
      );
    }
  }
  // An empty name would keep the data in memory.
  if (options.data?.trim() === '') {
    throw new Error(
      `${name('data')} names no file: give the file to keep the data in, or leave ${name('data')} out to keep it in memory`,
    );
  }
  const { journalPerScope } = options;
  if (
    journalPerScope !== undefined &&
    !(Number.isInteger(journalPerScope) && journalPerScope >= 1 && journalPerScope <= JOURNAL_SIZE)
  ) {
    throw new Error(
      `${name('journalPerScope')} must be a whole number of entries from 1 to ${JOURNAL_SIZE} (the journal's size), not ${String(journalPerScope)}`,
    );
  }
  const { maxScopeMb } = options;
  if (
    maxScopeMb !== undefined &&
    !(typeof maxScopeMb === 'number' && Number.isFinite(maxScopeMb) && maxScopeMb > 0)
  ) {
    throw new Error(`${name('maxScopeMb')} must be a positive number of MB, not ${String(maxScopeMb)}`);
  }
  if (options.upstream !== undefined) checkUpstreamStartOptions(options.upstream, from);
  return { region };
}

/**
 * The upstream's options (docs/upstream.md): each that needs the upstream's URL refused without it,
 * the URL checked (http or https, no credentials, no query), the timeout a positive number, and
 * anonymize only with a recording.
 */
export function checkUpstreamStartOptions(upstream: UpstreamStartOptions, from: OptionsFrom = 'code'): void {
  const name = (option: OptionName): string => NAMES[option][from];
  if (upstream.url === undefined) {
    const given = [
      upstream.apiKeyFile !== undefined && name('upstreamApiKeyFile'),
      upstream.timeoutMs !== undefined && name('upstreamTimeout'),
      upstream.record !== undefined && name('upstreamRecord'),
      upstream.anonymize === true && name('upstreamAnonymize'),
      upstream.fill === false && name('upstreamFill'),
    ].filter((given): given is string => typeof given === 'string');
    if (given.length > 0 || from === 'code') {
      throw new Error(
        `${given.length > 0 ? given.join(', ') : 'upstream'} ${given.length > 1 ? 'need' : 'needs'} ${name('upstream')}: give it too`,
      );
    }
    return;
  }
  checkUpstreamUrl(upstream.url);
  const timeout = upstream.timeoutMs;
  if (timeout !== undefined && (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0)) {
    throw new Error(
      `${name('upstreamTimeout')} must be a positive number of milliseconds, not ${String(timeout)}`,
    );
  }
  if (upstream.anonymize === true && upstream.record === undefined) {
    throw new Error(
      `${name('upstreamAnonymize')} applies to a recording: give ${name('upstreamRecord')} FILE with it`,
    );
  }
}
