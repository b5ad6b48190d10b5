// The HTML report of a contract run: one self-contained page, failures first, each with its curl and diff.
import type { CaseResult, RunResults } from './results.js';
import { errorsBesideDifferences } from './shownErrors.js';

export interface ReportHeader {
  target: string;
  mode: string;
  startedAt: Date;
}

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const tags = (c: CaseResult): string => c.tags.map((t) => `<span class="tag">${esc(t)}</span>`).join(' ');
const op = (c: CaseResult): string => (c.operationId ? `<code class="op">${esc(c.operationId)}</code>` : '');

function failure(c: CaseResult): string {
  const d = c.detail;
  return `<article class="failure">
  <h3>${op(c)} ${tags(c)} ${esc(c.title)}</h3>
  <p class="file">${esc(c.file)}</p>
  ${d?.curl ? `<h4>Request</h4><pre class="curl">${esc(d.curl)}</pre>` : ''}
  ${d?.differences.length ? `<h4>Expected / received, by JSON path</h4><ul class="diff">${d.differences.map((x) => `<li><code>${esc(x)}</code></li>`).join('')}</ul>` : ''}
  <details${d ? '' : ' open'}><summary>Error</summary><pre>${esc(errorsBesideDifferences(c).join('\n\n'))}</pre></details>
</article>`;
}

const row = (c: CaseResult): string =>
  `<tr class="${c.state}"><td>${c.state}</td><td>${op(c)}</td><td>${tags(c)}</td><td>${esc(c.title)}</td><td>${esc(c.reason ?? '')}</td></tr>`;

export function htmlReport(results: RunResults, header: ReportHeader): string {
  const { counts } = results;
  const failed = results.cases.filter((c) => c.state === 'failed');
  const others = results.cases.filter((c) => c.state !== 'failed');
  const verdict = counts.failed > 0 ? `${counts.failed} failed` : 'passed';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Contract run: ${esc(verdict)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;padding:0 1em;color:#1d1d1f}
h1{margin-bottom:.2em} .summary{display:flex;gap:1em;margin:1em 0}
.summary div{padding:.6em 1em;border-radius:6px;background:#f2f2f4} .summary .bad{background:#fde2e1;color:#8a1111}
.summary .good{background:#e0f4e4;color:#145a23}
.failure{border:1px solid #e7b4b1;border-left:6px solid #c62828;border-radius:6px;padding:.4em 1em 1em;margin:1em 0}
.failure h3{margin:.4em 0} .file{color:#666;margin:0}
pre{background:#f6f6f8;padding:.6em;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
.curl{background:#1f2430;color:#e6e6e6} .diff code{color:#8a1111}
.tag{font-size:12px;background:#e8eaf6;color:#283593;border-radius:4px;padding:0 .4em}
.op{font-weight:600} table{border-collapse:collapse;width:100%} td{border-top:1px solid #eee;padding:.25em .5em;vertical-align:top}
tr.skipped td{color:#777} tr.passed td:first-child{color:#145a23}
</style></head><body>
<h1>Contract run: ${esc(verdict)}</h1>
<p>${esc(header.target)} &middot; ${esc(header.mode)} &middot; ${esc(header.startedAt.toISOString())}</p>
<div class="summary">
  <div class="${counts.failed ? 'bad' : 'good'}"><b>${counts.failed}</b> failed</div>
  <div><b>${counts.passed}</b> passed</div>
  <div><b>${counts.skipped}</b> skipped</div>
  <div><b>${counts.total}</b> tests</div>
</div>
${failed.length ? `<h2>Failures</h2>\n${failed.map(failure).join('\n')}` : '<p>No failures.</p>'}
<h2>All other tests</h2>
<table><thead><tr><td>result</td><td>operation</td><td>tier</td><td>test</td><td>why skipped</td></tr></thead>
<tbody>${others.map(row).join('\n')}</tbody></table>
</body></html>
`;
}
