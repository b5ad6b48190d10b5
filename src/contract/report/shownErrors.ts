// What each report (console, JUnit, HTML) shows of a failure's errors beside its differences.
import type { CaseResult } from './results.js';

const SEE_ABOVE = ' (see the differences above)';

/**
 * A failure's errors without the lines that repeat its differences (a schema problem's "- <problem>"
 * line): every report lists the differences first, and the same problem said again below them read
 * as a second one. The line that introduced them says where they are.
 */
export function errorsBesideDifferences(c: Pick<CaseResult, 'errors' | 'detail'>): string[] {
  const errors = sameExchangeOnce(c.errors);
  const listed = new Set((c.detail?.differences ?? []).map((d) => `- ${d}`));
  if (listed.size === 0) return errors;
  return errors.map((text) => {
    const kept: string[] = [];
    for (const line of text.split('\n')) {
      if (!listed.has(line.trim())) kept.push(line);
      else if (kept.length > 0 && !kept[kept.length - 1]!.endsWith(SEE_ABOVE))
        kept[kept.length - 1] += SEE_ABOVE;
    }
    return kept.join('\n');
  });
}

/** The lines of an error that say what was sent and what came back. */
const exchangeOf = (lines: readonly string[]): string =>
  lines.filter((line) => /^\s*(sent|came back):/.test(line)).join('\n');

/**
 * Errors about one exchange (the same request line, what was sent and what came back) as one: a test
 * whose own check failed on an answer that is also outside openapi.yaml's schemas named the request,
 * and printed its body, twice. Errors about other reads of the same request stay apart.
 */
function sameExchangeOnce(errors: readonly string[]): string[] {
  const merged: string[][] = [];
  for (const text of errors) {
    const lines = text.split('\n');
    const twin = merged.find((m) => m[0] === lines[0] && exchangeOf(m) === exchangeOf(lines));
    if (!twin) merged.push(lines);
    else for (const line of lines.slice(1)) if (!twin.includes(line)) twin.push(line);
  }
  return merged.map((lines) => lines.join('\n'));
}
