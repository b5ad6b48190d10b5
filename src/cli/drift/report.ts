// The drift report: DIR/drift.json for tools, DIR/drift.html for people (one row per difference,
// the request as curl, the two answers side by side) and the summary printed at the end.
import { toCurl } from '../../contract/suite/curl.js';
import type { Answer } from './compare.js';
import { VOLATILE_FIELDS } from './compare.js';
import type { PlannedRequest } from './plan.js';

/** A request as sent to the deployment. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Difference {
  operationId: string;
  /** What the request asks, in a few words. */
  about: string;
  request: { method: string; url: string; body?: unknown; curl: string };
  mock: Answer;
  deployment: Answer;
  /** Each difference found, starting with its kind (status, order, count, ...). */
  what: string[];
}

export interface LeftOut {
  operationId: string;
  about: string;
  request: { method: string; url: string };
  why: string;
}

/** A recorded record the mock's schemas refuse, left out of the mock's data. */
export interface Refused {
  kind: 'product' | 'product type';
  id: string;
  why: string;
}

export interface DriftReport {
  /** The deployment, as --base-url named it. */
  deployment: string;
  startedAt: string;
  /** `read`: the deployment's catalog recorded; `write`: the kit's dataset pushed to both. */
  mode: 'read' | 'write';
  catalog: { products: number; productTypes: number; deploymentCount?: number; sample: boolean };
  /** Requests sent to both and compared. */
  requests: number;
  /** Those whose answers agree. */
  identical: number;
  /** Requests compared per operationId: every read operation of openapi.yaml has some. */
  operations: Record<string, number>;
  differences: Difference[];
  /** Requests not sent, and why (a sample of the catalog, --limit). */
  leftOut: LeftOut[];
  /** Recorded records the mock refuses (each a difference too): docs/drift.md, "Records the mock refuses". */
  refused: Refused[];
  /** What is never compared: docs/drift.md, "What is not compared". */
  ignored: string[];
}

/** What the report says it ignores, beside VOLATILE_FIELDS. */
export const IGNORED = [
  'the wording of an error message (its presence and the error status are compared)',
  'the entries of an error\'s "errors" list (its presence is compared)',
  'response headers',
  `the fields ${[...VOLATILE_FIELDS].join(', ')} wherever they occur`,
];

export const differenceOf = (
  planned: PlannedRequest,
  sent: SentRequest,
  mock: Answer,
  deployment: Answer,
  what: string[],
): Difference => ({
  operationId: planned.operationId,
  about: planned.about,
  request: {
    method: sent.method,
    url: sent.url,
    ...(planned.body === undefined ? {} : { body: planned.body }),
    curl: toCurl(sent),
  },
  mock,
  deployment,
  what,
});

/** The differences per operation, most first. */
function byOperation(differences: readonly Difference[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const d of differences) counts.set(d.operationId, (counts.get(d.operationId) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The lines printed at the end of a run. */
export function summary(report: DriftReport, files: { json: string; html: string }): string[] {
  const { catalog } = report;
  const of =
    catalog.deploymentCount !== undefined && catalog.deploymentCount > catalog.products
      ? ` (of ${catalog.deploymentCount})`
      : '';
  const data =
    report.mode === 'write'
      ? `the kit's dataset (${plural(catalog.products, 'product')}) pushed to both`
      : `${plural(catalog.products, 'recorded product')}${of} and ${plural(catalog.productTypes, 'product type')}`;
  const lines = [
    `drift: ${plural(report.requests, 'request')} sent to ${report.deployment} and to the mock, on ${data}`,
  ];
  if (report.refused.length) {
    lines.push(
      `drift: the mock refuses ${plural(report.refused.length, 'recorded record')}, left out of its data:`,
    );
    for (const r of report.refused.slice(0, 3)) lines.push(`  ${r.kind} ${r.id}: ${clip(r.why, 140)}`);
    if (report.refused.length > 3) lines.push(`  ... ${report.refused.length - 3} more`);
  }
  if (report.leftOut.length)
    lines.push(`drift: ${report.leftOut.length} left out (they read the whole catalog; see the report)`);
  if (report.differences.length === 0) {
    lines.push(
      `drift: no difference in the answers (${report.identical} identical); report in ${files.html}`,
    );
    return lines;
  }
  const ops = byOperation(report.differences)
    .map(([op, n]) => `${op} (${n})`)
    .join(', ');
  lines.push(`drift: ${plural(report.differences.length, 'difference')} in ${ops}`);
  for (const d of report.differences.slice(0, 5)) {
    lines.push(
      `  ${d.operationId} ${d.request.method} ${clip(pathOf(d.request.url, report.deployment), 70)}`,
    );
    lines.push(`    ${clip(d.what[0] ?? '', 150)}`);
  }
  if (report.differences.length > 5) lines.push(`  ... ${report.differences.length - 5} more`);
  lines.push(`drift: report in ${files.html} and ${files.json}`);
  return lines;
}

/** A URL without the base URL before it, decoded, as a label a person reads. */
function pathOf(url: string, base: string): string {
  const path = url.startsWith(base) ? url.slice(base.length) || '/' : url;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A label cut to `max` characters. */
const clip = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 3)}...` : text;

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Characters of a body shown before "show all". */
const SHOWN = 2500;

/** The steps of a path as the differences name it: `$.data.list[productGroupId=a].variants[0]`. */
function steps(path: string): (string | number | [string, string])[] {
  const out: (string | number | [string, string])[] = [];
  for (const m of path.slice(1).matchAll(/\.([^.[]+)|\[(\d+)\]|\[([^=\]]+)=([^\]]*)\]/g)) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else out.push([m[3]!, m[4]!]);
  }
  return out;
}

/** The value at a path of the differences, or undefined when the body has none there. */
function valueAt(body: unknown, path: string): unknown {
  let at: unknown = body;
  for (const step of steps(path)) {
    if (Array.isArray(step)) {
      at = Array.isArray(at)
        ? at.find((x) => String((x as Record<string, unknown>)?.[step[0]]) === step[1])
        : undefined;
    } else at = (at as Record<string, unknown> | null | undefined)?.[step as never];
    if (at === undefined) return undefined;
  }
  return at;
}

/**
 * Where the first difference is, and what to show of each body there: a list compared by a key as
 * its keys, anything else as the object that holds it.
 */
function focusOf(what: readonly string[]): { path: string; show: (body: unknown) => unknown } | undefined {
  const m = /^[a-z ]+ at (\$[^\s:]*)(?: \(by (\w+)\))?/.exec(what[0] ?? '');
  if (!m) return undefined;
  const [, path = '$', key] = m;
  if (key) {
    return {
      path: `${path} (${key} of each)`,
      show: (body) => (valueAt(body, path) as Record<string, unknown>[] | undefined)?.map((x) => x?.[key]),
    };
  }
  const parent = path.replace(/(\.[^.[]+|\[[^\]]+\])$/, '') || '$';
  return { path: parent, show: (body) => valueAt(body, parent) };
}

/** A value as the report shows it: a list of names or numbers on few lines, anything else indented. */
function pretty(answer: Answer, value: unknown): string {
  if (value === undefined) return '(nothing there)';
  if (!answer.json && value === answer.body) return String(value);
  const scalars = Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object');
  return scalars ? `[${value.map((v) => JSON.stringify(v)).join(', ')}]` : JSON.stringify(value, null, 2);
}

/** Characters of a whole body the page holds; drift.json holds every body whole. */
const WHOLE_SHOWN = 20_000;

function answerCell(answer: Answer, side: string, focus: ReturnType<typeof focusOf>): string {
  const whole = answer.body === undefined ? '(no body)' : pretty(answer, answer.body);
  const text =
    focus && answer.status >= 200 && answer.status < 300 ? pretty(answer, focus.show(answer.body)) : whole;
  const shown = text.length > SHOWN ? `${text.slice(0, SHOWN)}\n...` : text;
  const more =
    text !== whole || text.length > SHOWN
      ? `<details><summary>the whole body (${whole.length} characters)</summary><pre>${esc(whole.length > WHOLE_SHOWN ? `${whole.slice(0, WHOLE_SHOWN)}\n... (the rest is in drift.json)` : whole)}</pre></details>`
      : '';
  const ok = answer.status >= 200 && answer.status < 300;
  const where = text !== whole && focus ? `<div class="where">at <code>${esc(focus.path)}</code></div>` : '';
  return `<td><div class="side">${side} <span class="status ${ok ? 'ok' : 'err'}">${answer.status}</span></div>${where}<pre>${esc(shown)}</pre>${more}</td>`;
}

function row(d: Difference, index: number, base: string): string {
  return `<tbody class="difference" id="d${index + 1}">
<tr class="head"><td colspan="2"><span class="n">${index + 1}</span> <code class="op">${esc(d.operationId)}</code> <span class="about">${esc(d.about)}</span>
<div class="path"><b>${esc(d.request.method)}</b> ${esc(clip(pathOf(d.request.url, base), 240))}</div>
<ul class="what">${d.what.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>
<details><summary>the request as curl</summary><pre class="curl">${esc(d.request.curl)}</pre></details></td></tr>
<tr class="answers">${answerCell(d.mock, 'mock', focusOf(d.what))}${answerCell(d.deployment, 'deployment', focusOf(d.what))}</tr>
</tbody>`;
}

export function htmlReport(report: DriftReport): string {
  const n = report.differences.length;
  const refusedCount = report.refused.length;
  const verdict =
    n === 0 && refusedCount === 0
      ? 'no difference'
      : [n ? plural(n, 'difference') : '', refusedCount ? `${plural(refusedCount, 'record')} refused` : '']
          .filter(Boolean)
          .join(', ');
  const ops = byOperation(report.differences)
    .map(([op, count]) => `<li><code>${esc(op)}</code> ${count}</li>`)
    .join('');
  const leftOut = report.leftOut.length
    ? `<h2>Left out (${report.leftOut.length})</h2><p>${esc(report.leftOut[0]!.why)}: these reads were not sent.</p>
<table class="left"><tbody>${report.leftOut.map((l) => `<tr><td><code>${esc(l.operationId)}</code></td><td>${esc(l.about)}</td><td><code>${esc(l.request.method)} ${esc(pathOf(l.request.url, report.deployment))}</code></td></tr>`).join('')}</tbody></table>`
    : '';
  const refused = report.refused.length
    ? `<h2>Records the mock refuses (${report.refused.length})</h2><p>Recorded from the deployment, refused by the mock's schemas (openapi.yaml), and left out of its data: each is a difference too.</p>
<table class="left"><tbody>${report.refused.map((r) => `<tr><td>${esc(r.kind)}</td><td><code>${esc(r.id)}</code></td><td>${esc(r.why)}</td></tr>`).join('')}</tbody></table>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Drift: ${esc(verdict)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1400px;padding:0 1em;color:#1d1d1f}
h1{margin-bottom:.2em} .meta{color:#555;margin:.2em 0}
.summary{display:flex;gap:1em;margin:1em 0;flex-wrap:wrap} .summary div{padding:.6em 1em;border-radius:6px;background:#f2f2f4}
.summary .bad{background:#fde2e1;color:#8a1111} .summary .good{background:#e0f4e4;color:#145a23}
ul.ops{display:flex;gap:.4em 1.2em;flex-wrap:wrap;padding:0;list-style:none} ul.ops code{font-weight:600}
table.diffs{border-collapse:separate;border-spacing:0 .2em;width:100%;table-layout:fixed}
tbody.difference tr.head td{border-top:3px solid #c62828;background:#fff6f5;padding:.6em .8em}
tbody.difference tr.answers td{vertical-align:top;padding:.3em .8em 1.2em;width:50%}
.n{display:inline-block;min-width:1.6em;text-align:center;background:#c62828;color:#fff;border-radius:4px;font-weight:600}
.op{font-weight:600;font-size:15px} .about{color:#444} .path{font-family:ui-monospace,monospace;margin:.3em 0;word-break:break-all}
ul.what{margin:.3em 0;padding-left:1.2em} ul.what li{color:#8a1111;font-family:ui-monospace,monospace;font-size:13px;word-break:break-word}
.side{font-weight:600;margin-bottom:.2em} .where{color:#555;font-size:12.5px;margin-bottom:.2em} .status{border-radius:4px;padding:0 .4em;font-family:ui-monospace,monospace}
.status.ok{background:#e0f4e4;color:#145a23} .status.err{background:#fde2e1;color:#8a1111}
pre{background:#f6f6f8;padding:.6em;overflow:auto;max-height:28em;white-space:pre-wrap;word-break:break-all;margin:0;font-size:12.5px}
.curl{background:#1f2430;color:#e6e6e6;max-height:none} details summary{cursor:pointer;color:#283593;margin:.3em 0}
table.left td{border-top:1px solid #eee;padding:.25em .6em;vertical-align:top} .ignored li{color:#444}
</style></head><body>
<h1>Drift: ${esc(verdict)}</h1>
<p class="meta">Deployment <code>${esc(report.deployment)}</code> and the mock, on ${report.mode === 'write' ? "the kit's dataset pushed to both" : `the deployment's recorded catalog (${plural(report.catalog.products, 'product')}${report.catalog.deploymentCount !== undefined && report.catalog.deploymentCount > report.catalog.products ? ` of ${report.catalog.deploymentCount}` : ''}, ${plural(report.catalog.productTypes, 'product type')})`} &middot; ${esc(report.startedAt)}</p>
<div class="summary">
  <div class="${n ? 'bad' : 'good'}"><b>${n}</b> ${n === 1 ? 'difference' : 'differences'}</div>
  <div><b>${report.identical}</b> identical</div>
  <div><b>${report.requests}</b> requests compared</div>
  ${report.refused.length ? `<div class="bad"><b>${report.refused.length}</b> refused by the mock</div>` : ''}
  ${report.leftOut.length ? `<div><b>${report.leftOut.length}</b> left out</div>` : ''}
</div>
${
  n
    ? `<ul class="ops">${ops}</ul>
<table class="diffs"><colgroup><col><col></colgroup>
${report.differences.map((d, i) => row(d, i, report.deployment)).join('\n')}
</table>`
    : "<p>Every answer of the mock agrees with the deployment's.</p>"
}
${refused}
${leftOut}
<h2>Not compared</h2><ul class="ignored">${report.ignored.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>
</body></html>
`;
}
