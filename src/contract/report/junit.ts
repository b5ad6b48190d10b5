// JUnit XML of a contract run, counted from the same results as the console.
import type { CaseResult, RunResults } from './results.js';
import { errorsBesideDifferences } from './shownErrors.js';

const xml = (s: string): string =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function testcase(c: CaseResult): string {
  const name = `${c.tags.map((t) => `[${t}] `).join('')}${c.title}`;
  const open = `    <testcase classname="${xml(c.file)}" name="${xml(name)}" time="${(c.durationMs / 1000).toFixed(3)}"`;
  if (c.state === 'passed') return `${open}/>`;
  if (c.state === 'skipped')
    return `${open}>\n      <skipped message="${xml(c.reason ?? '')}"/>\n    </testcase>`;
  const body = [
    c.operationId ? `operation: ${c.operationId}` : '',
    c.detail?.curl ? `request: ${c.detail.curl}` : '',
    ...(c.detail?.differences.length ? ['difference:', ...c.detail.differences.map((d) => `  ${d}`)] : []),
    ...errorsBesideDifferences(c),
  ]
    .filter(Boolean)
    .join('\n');
  const message = (c.errors[0] ?? 'failed').split('\n')[0]!;
  return `${open}>\n      <failure message="${xml(message)}">${xml(body)}</failure>\n    </testcase>`;
}

export function junitXml(results: RunResults): string {
  const { counts } = results;
  const files = [...new Set(results.cases.map((c) => c.file))];
  const suites = files.map((file) => {
    const cases = results.cases.filter((c) => c.file === file);
    const n = (s: CaseResult['state']) => cases.filter((c) => c.state === s).length;
    return [
      `  <testsuite name="${xml(file)}" tests="${cases.length}" failures="${n('failed')}" errors="0" skipped="${n('skipped')}">`,
      ...cases.map(testcase),
      '  </testsuite>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract" tests="${counts.total}" failures="${counts.failed}" errors="0" skipped="${counts.skipped}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
