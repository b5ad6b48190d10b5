// Specmatic's contract tests, generated from openapi.yaml alone, run against the mock: a third party's
// reading of the document finds no answer the mock gives that the document does not allow, and no
// request the document allows that the mock refuses, beyond the tool limits named below. The example
// files of specmatic-examples/ name records the demo dataset has (a product, its variant, barcode and
// EPC, a product type), so that the reads by id are answered 200 instead of a made-up id's 404.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { generateDataset } from '../../src/seed/index.js';

const jar = join(packageRoot, 'node_modules', 'specmatic', 'specmatic.jar');

/** Whether a Java runtime answers; Specmatic's npm package is a jar. */
function javaVersion(): string | undefined {
  try {
    return execFileSync('java', ['-version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch {
    return undefined;
  }
}
const java = javaVersion() !== undefined;
if (!java)
  console.log('thirdPartySpecmatic: skipped, no `java` on PATH (Specmatic runs on Java 17 or later)');

/**
 * Generated tests Specmatic fails for a reason of its own, not the mock's: each scenario's start, by
 * the operation and status it names, with the reason. Any other failure fails this test.
 */
export const TOOL_LIMITS: { scenario: RegExp; reason: string }[] = [
  {
    scenario: /^DELETE \/__admin\/faults\/\(faultId:string\) -> 200/,
    reason:
      'a fault rule id made up from the schema names no rule, and the mock answers the 404 the document ' +
      'lists; an example cannot name a rule that exists, as the generated DELETE /__admin/faults and ' +
      'POST /__admin/reset run before it and remove every rule',
  },
  {
    scenario: /^(PATCH \S+\/variants|POST \S+\/products-push) -> 200/,
    reason:
      'Specmatic does not honour `not: {}`, by which openapi.yaml forbids a field (spaceIds on a merge ' +
      "push, a product's fields on a variant update), and sends it",
  },
  {
    scenario: /^DELETE \S+\/product-types -> 200/,
    reason:
      'the ids go in the body or in the query, not both and not neither: OpenAPI 3.0 cannot say ' +
      '"exactly one of a body and a parameter" (the description says it)',
  },
  {
    scenario: /^(DELETE|POST) \/__admin\/scopes\/\S+\/snapshots\/\(name:ScopeName\)(\/restore)? -> 200$/,
    reason:
      'a snapshot name made up from the schema names no snapshot, and the mock answers the 404 the ' +
      'document lists; an example cannot name a saved one, as the generated POST /__admin/reset, run ' +
      'before it, removes every snapshot',
  },
  {
    scenario: /^PUT \/__admin\/scopes\/\S+\/snapshots\/\(name:ScopeName\) -> 200$/,
    reason:
      'the first save of a name creates it (201, which the document lists) and only a second replaces ' +
      'it (200): the status depends on what was saved before, which a generated request cannot arrange',
  },
  {
    scenario: /^POST \/__admin\/scopes\/\S+\/(faults|stubs) -> 201/,
    reason:
      'as for /__admin/faults: Specmatic cannot generate from the `path` pattern, whose lookahead it ' +
      'does not read, and sends text the pattern refuses (and, for a fault rule, does not honour ' +
      '`anyOf` of `required`: status, delayMs or network)',
  },
  {
    scenario: /^POST \/__admin\/faults -> 201/,
    reason:
      'Specmatic does not honour `anyOf` of `required` (a rule needs status, delayMs or network), and ' +
      "cannot generate from the path's pattern, whose lookahead it does not read (it says so)",
  },
];

/** Runs Specmatic against a base URL; its whole output. */
function specmatic(baseUrl: string, reports: string): Promise<string> {
  return new Promise((done) => {
    execFile(
      'java',
      [
        '-jar',
        jar,
        'test',
        join(packageRoot, 'openapi.yaml'),
        `--testBaseURL=${baseUrl}`,
        `--junitReportDir=${reports}`,
        `--overlay-file=${join(packageRoot, 'test', 'e2e', 'specmatic-overlay.yaml')}`,
        // Requests naming records the demo dataset has, in place of ids made up from the schema.
        `--examples=${join(packageRoot, 'test', 'e2e', 'specmatic-examples')}`,
      ],
      {
        cwd: reports,
        maxBuffer: 512 * 1024 * 1024,
        env: {
          ...process.env,
          // Nothing leaves the machine; one request per combination of optional parts, not every one.
          SPECMATIC_DISABLE_TELEMETRY: 'true',
          MAX_TEST_REQUEST_COMBINATIONS: '1',
        },
      },
      (_err, stdout, stderr) => done(`${stdout}${stderr}`),
    );
  });
}

describe.skipIf(!java)('Specmatic contract tests generated from openapi.yaml', () => {
  let server: RunningServer;
  let reports: string;
  beforeAll(async () => {
    server = await startServer({ port: 0, seed: generateDataset('demo') });
    reports = mkdtempSync(join(tmpdir(), 'specmatic-'));
  });
  afterAll(async () => {
    await server?.close();
    if (reports) rmSync(reports, { recursive: true, force: true });
  });

  it('fail only where the tool falls short, each named with its reason', async () => {
    const output = await specmatic(server.url, reports);
    if (process.env.SPECMATIC_OUTPUT) writeFileSync(process.env.SPECMATIC_OUTPUT, output);
    const summary = /Tests run: (\d+), Successes: (\d+), Failures: (\d+)/.exec(output);
    expect(summary, output.slice(-2000)).not.toBeNull();
    const [, run, successes, failures] = summary!.map(Number);
    // A scenario Specmatic gave up on (a connection it could not make, an answer that never ended)
    // tested nothing: none may be left.
    expect(Number(/Errors: (\d+)/.exec(output)?.[1] ?? 0), output.slice(-2000)).toBe(0);
    const failed = [...output.matchAll(/^ {2}"Scenario: (.*) FAILED"$/gm)].map((m) => m[1] as string);
    // Every failure is a scenario named in the output: a failure of the whole suite (a document the
    // tool cannot read) names none, and must fail here too.
    expect(failed.length, output.slice(-3000)).toBe(failures);
    const unexplained = [...new Set(failed)].filter((s) => !TOOL_LIMITS.some((l) => l.scenario.test(s)));
    console.log(
      `Specmatic: ${run} tests, ${successes} passed, ${failures} failed, ${failed.filter((s) => !unexplained.includes(s)).length} of them by tool limits`,
    );
    expect(unexplained).toEqual([]);
  }, 240_000);
});
