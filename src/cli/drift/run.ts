// `product-catalog-mock drift`: the same requests to a deployment and to a mock serving the same
// data, answers compared pairwise, differences written to DIR/drift.json and DIR/drift.html
// (docs/drift.md). Exit codes: 0 no difference, 1 differences, 2 it could not run.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  describeFailure,
  EXIT_MISCONFIGURED,
  preflight,
  trimBaseUrl,
  type CheckedRun,
} from '../../contract/preflight.js';
import type { OpenAPIV3 } from 'openapi-types';
import { loadApiDocument } from '../../openapi/apiDocument.js';
import { readablePath } from '../../openapi/readablePath.js';
import { schemaValidator } from '../../openapi/schemaValidator.js';
import { OperationTable } from '../../openapi/operations.js';
import { record, RecordError, removePartial } from '../../contract/recorder.js';
import { writeDatasetFile } from '../../seed/file.js';
import { startDriftMock, type DriftMock } from './mockServer.js';
import type { SeedData } from '../../domain/types.js';
import { outputDirectoryProblem } from '../terminal/outputDirectory.js';
import { watchInterruption } from '../terminal/interruption.js';
import { keyOrProblem, type DeploymentKeyOptions } from '../terminal/apiKeySources.js';
import { compareAnswers, type Answer } from './compare.js';
import { planReads, type PlannedRequest, type RecordedCatalog } from './plan.js';
import {
  differenceOf,
  htmlReport,
  IGNORED,
  summary,
  type Difference,
  type DriftReport,
  type LeftOut,
  type Refused,
} from './report.js';
import { answerOf, sentRequest } from './send.js';
import { prepareWrites, writePlan, type WriteRun } from './writes.js';

export interface DriftOptions extends DeploymentKeyOptions {
  baseUrl: string;
  /** The directory of drift.json and drift.html; created when missing. */
  out: string;
  /** Record at most this many products. */
  limit?: number;
  /** Push the kit's dataset to both instead of recording, and compare writes too. */
  write?: boolean;
}

const DRIFT_RUN: CheckedRun = {
  command: 'drift',
  purpose: 'a drift report',
  untouched: 'nothing was sent to it beyond that read, and no report was written',
};

/** The base URL of the same scope on the mock: the deployment's tenant and environment (and region). */
function mockBase(mockUrl: string, deploymentBase: string): string {
  const path = new URL(deploymentBase).pathname;
  const [tenant, environment] = path.split('/').filter(Boolean).slice(-2) as [string, string];
  const region = /\/regions\/([^/]+)\/products\/v1\/tenants\/[^/]+\/[^/]+$/.exec(path)?.[1];
  return region
    ? `${mockUrl}/regions/${region}/products/v1/tenants/${tenant}/${environment}`
    : `${mockUrl}/${tenant}/${environment}`;
}

/** The tenant a base URL names: the second-last segment of its path. */
const tenantOf = (baseUrl: string): string =>
  new URL(baseUrl).pathname.split('/').filter(Boolean).at(-2) ?? '';

/** The number of products the deployment holds, as its list counts them. */
async function deploymentCount(baseUrl: string, apiKey: string): Promise<number | undefined> {
  const answer = await answerOf({
    method: 'GET',
    url: `${baseUrl}/products?limit=1&select=productGroupId`,
    headers: { accept: 'application/json', 'x-api-key': apiKey },
  });
  const count = (answer.body as { data?: { count?: unknown } } | undefined)?.data?.count;
  return typeof count === 'number' ? count : undefined;
}

/** A run that cannot go on: said on stderr, exit 2. */
class CannotRun extends Error {}

/** A run stopped by Ctrl-C (or SIGTERM, SIGHUP): no report, exit 128 + the signal. */
class Interrupted extends Error {}

/** The data both sides serve, and how the reads are planned on it. */
interface Prepared {
  seed: SeedData;
  /** Recorded records the mock's schemas refuse: left out of its seed. */
  refused?: Refused[];
  catalog: RecordedCatalog;
  deploymentCount?: number;
  sample: boolean;
}

async function recordDeployment(
  opts: DriftOptions,
  baseUrl: string,
  apiKey: string,
  stderr: NodeJS.WritableStream,
  signal: AbortSignal,
): Promise<Prepared> {
  const partialFile = join(opts.out, 'catalog.json.partial');
  let recording;
  try {
    recording = await record(
      { baseUrl, apiKey },
      {
        partialFile,
        resume: false,
        limit: opts.limit,
        signal,
        onRetry: (m) => stderr.write(`drift: ${m}\n`),
      },
    );
  } catch (err) {
    if (signal.aborted) throw new Interrupted();
    if (err instanceof RecordError)
      throw new CannotRun(`drift: recording the deployment failed: ${err.message}`);
    throw err;
  } finally {
    await removePartial(partialFile);
  }
  const count = await deploymentCount(baseUrl, apiKey);
  const { kept, refused } = servable(recording, await loadApiDocument());
  const seed = kept as unknown as SeedData;
  // What the mock served, to serve again: `serve --seed DIR/catalog.json` answers as it did.
  await writeDatasetFile(seed, join(opts.out, 'catalog.json'));
  return {
    seed,
    refused,
    catalog: kept,
    deploymentCount: count,
    // a record the mock could not take is missing from it as one left out of a sample is
    sample: (count !== undefined && recording.products.length < count) || refused.length > 0,
  };
}

/**
 * The recorded records the mock's schemas take, and those they refuse with why: one record the mock
 * refuses must not keep every other from being compared (docs/drift.md, "Records the mock refuses").
 */
function servable(
  recording: RecordedCatalog,
  document: OpenAPIV3.Document,
): { kept: RecordedCatalog; refused: Refused[] } {
  const validator = schemaValidator(document);
  const refused: Refused[] = [];
  const check =
    (kind: Refused['kind'], idField: string, component: string) => (record: Record<string, unknown>) => {
      const problems = validator.checkComponent(component, record);
      if (problems.length === 0) return true;
      const why = problems
        .slice(0, 3)
        .map((p) => `${readablePath(p.path) || 'record'} ${p.message}`)
        .join('; ');
      refused.push({ kind, id: String(record[idField]), why });
      return false;
    };
  const kept = {
    products: recording.products.filter(check('product', 'productGroupId', 'CatalogProduct')),
    productTypes: recording.productTypes.filter(check('product type', 'productTypeId', 'ProductType')),
  };
  return { kept, refused };
}

/** Starts the mock on the data; a dataset it refuses stops the run. */
async function startMock(seed: SeedData): Promise<DriftMock> {
  try {
    return await startDriftMock(seed);
  } catch (err) {
    throw new CannotRun(
      `drift: the mock does not load the recorded catalog, so nothing can be compared: ${(err as Error).message}`,
    );
  }
}

interface Compared {
  /** The operationId of each request, in order. */
  operationIds: string[];
  differences: Difference[];
  identical: number;
  /** The deployment's status for each request, in order. */
  statuses: number[];
  /** The deployment's answer to each request, in order. */
  answers: Answer[];
}

/** Sends each request to both, deployment first, and compares the answers. */
async function compareAll(
  planned: readonly PlannedRequest[],
  bases: { deployment: string; mock: string },
  apiKey: string,
  signal: AbortSignal,
): Promise<Compared> {
  const compared: Compared = { operationIds: [], differences: [], identical: 0, statuses: [], answers: [] };
  for (const request of planned) {
    if (signal.aborted) throw new Interrupted();
    const sent = sentRequest(bases.deployment, request, apiKey);
    const deployment = await answerOf(sent);
    const mock = await answerOf(sentRequest(bases.mock, request, apiKey));
    compared.statuses.push(deployment.status);
    compared.answers.push(deployment);
    compared.operationIds.push(request.operationId);
    const what = compareAnswers(mock, deployment);
    if (what.length === 0) compared.identical++;
    else compared.differences.push(differenceOf(request, sent, mock, deployment, what));
  }
  return compared;
}

const countBy = (names: string[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const name of names) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
};

/** Why reads of the whole catalog are left out, in each mode. */
const LEFT_OUT_BECAUSE = {
  read: 'it depends on the whole catalog, and the mock holds only part of it (--limit, or records it refuses)',
  write: "it depends on the whole scope, which holds records beside the dataset's (--write)",
};

/** Runs the report; resolves to the exit code. */
export async function runDrift(
  opts: DriftOptions,
  out: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const baseUrl = trimBaseUrl(opts.baseUrl);
  const apiKey = await keyOrProblem('drift', opts, env, (line) => out.stderr.write(line));
  if (apiKey === undefined) return EXIT_MISCONFIGURED;
  if (opts.write && opts.limit !== undefined) {
    out.stderr.write(
      'drift: --limit bounds a recording, and --write records nothing: give one of them; nothing was sent.\n',
    );
    return EXIT_MISCONFIGURED;
  }
  const startedAt = new Date().toISOString();
  await mkdir(opts.out, { recursive: true }).catch(() => undefined);
  const outProblem = await outputDirectoryProblem('--out', join(opts.out, 'drift.json'));
  if (outProblem) {
    out.stderr.write(`drift: ${outProblem}; nothing was sent.\n`);
    return EXIT_MISCONFIGURED;
  }
  const failure = await preflight(baseUrl, apiKey, (m) => out.stderr.write(`drift: ${m}\n`));
  if (failure) {
    out.stderr.write(describeFailure(failure, DRIFT_RUN) + '\n');
    return EXIT_MISCONFIGURED;
  }
  const operations = new OperationTable(await loadApiDocument(), '/{tenantId}/{environment}').operations;
  let mock: DriftMock | undefined;
  let writeRun: WriteRun | undefined;
  /** Whether the deployment took a push of --write: only then is there anything to delete. */
  let pushed = false;
  // From here Ctrl-C stops the run between two requests, and --write still deletes what it pushed.
  const interruption = watchInterruption();
  const stop = interruption.stop;
  try {
    let prepared: Prepared;
    const compared: Compared[] = [];
    if (opts.write) {
      mock = await startMock({ products: [], productTypes: [] });
      writeRun = await prepareWrites(baseUrl, apiKey);
      const pushes = await compareAll(
        writeRun.pushes,
        { deployment: baseUrl, mock: mockBase(mock.url, baseUrl) },
        apiKey,
        stop,
      );
      pushed = pushes.answers.some((a) => a.status >= 200 && a.status <= 299);
      const refused = pushes.answers.findIndex((a) => a.status < 200 || a.status > 299);
      if (refused >= 0) {
        const answer = pushes.answers[refused]!;
        const push = writeRun.pushes[refused]!;
        const said =
          typeof (answer.body as { message?: unknown })?.message === 'string'
            ? (answer.body as { message: string }).message
            : JSON.stringify(answer.body);
        throw new CannotRun(
          `drift: the deployment answered ${answer.status} to ${push.method} ${push.path} (${push.about}): ${said}\n` +
            'Without the dataset on both sides nothing compares; check that the token may write to this scope.',
        );
      }
      compared.push(pushes);
      prepared = { seed: writeRun.seed, catalog: writeRun.catalog, sample: writeRun.othersPresent };
    } else {
      prepared = await recordDeployment(opts, baseUrl, apiKey, out.stderr, stop);
      mock = await startMock(prepared.seed);
    }
    const bases = { deployment: baseUrl, mock: mockBase(mock.url, baseUrl) };
    const plan = planReads(operations, prepared.catalog, { tenant: tenantOf(baseUrl) });
    const scoped = writeRun ? writeRun.scope(plan) : plan;
    const leftOut: LeftOut[] = [];
    const sent = scoped.filter((request) => {
      if (!prepared.sample || !request.wholeCatalog) return true;
      leftOut.push({
        operationId: request.operationId,
        about: request.about,
        request: { method: request.method, url: baseUrl + request.path },
        why: LEFT_OUT_BECAUSE[opts.write ? 'write' : 'read'],
      });
      return false;
    });
    compared.push(await compareAll(sent, bases, apiKey, stop));
    if (writeRun) compared.push(await compareAll(writePlan(operations, writeRun), bases, apiKey, stop));
    const differences = compared.flatMap((c) => c.differences);
    const report: DriftReport = {
      deployment: baseUrl,
      startedAt,
      mode: opts.write ? 'write' : 'read',
      catalog: {
        products: prepared.catalog.products.length,
        productTypes: prepared.catalog.productTypes.length,
        ...(prepared.deploymentCount === undefined ? {} : { deploymentCount: prepared.deploymentCount }),
        sample: prepared.sample,
      },
      requests: compared.reduce((n, c) => n + c.statuses.length, 0),
      identical: compared.reduce((n, c) => n + c.identical, 0),
      operations: countBy(compared.flatMap((c) => c.operationIds)),
      differences,
      leftOut,
      refused: prepared.refused ?? [],
      ignored: IGNORED,
    };
    const files = { json: join(opts.out, 'drift.json'), html: join(opts.out, 'drift.html') };
    await writeFile(files.json, JSON.stringify(report, null, 2) + '\n');
    await writeFile(files.html, htmlReport(report));
    out.stdout.write(summary(report, files).join('\n') + '\n');
    return differences.length === 0 && report.refused.length === 0 ? 0 : 1;
  } catch (err) {
    if (err instanceof Interrupted || stop.aborted) {
      out.stderr.write(`drift: interrupted; no report was written.\n`);
      return interruption.exitCode();
    }
    if (!(err instanceof CannotRun)) throw err;
    out.stderr.write(`${err.message}\n`);
    return EXIT_MISCONFIGURED;
  } finally {
    if (writeRun && pushed) {
      const left = await writeRun.cleanup(interruption.giveUp);
      for (const line of left) out.stderr.write(`${line}\n`);
    }
    await mock?.close();
    interruption.dispose();
  }
}
