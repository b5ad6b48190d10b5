// What each report (console, JUnit, HTML) shows of a failure's errors beside its differences.
import type { CaseResult } from './results.js';

const SEE_ABOVE = ' (see the differences above)';

/**
 * A failure's errors without the lines that repeat its differences (a schema problem's "- <problem>"
 * line): every report lists the differences first, and the same problem said again below them read
 * as a second one. The line that introduced them says where they are.
 */
export function errorsBesideDifferences(c: Pick<CaseResult, 'errors' | 'detail'>): string[] {
  const listed = new Set((c.detail?.differences ?? []).map((d) => `- ${d}`));
  if (listed.size === 0) return c.errors;
  return c.errors.map((text) => {
    const kept: string[] = [];
    for (const line of text.split('\n')) {
      if (!listed.has(line.trim())) kept.push(line);
      else if (kept.length > 0 && !kept[kept.length - 1]!.endsWith(SEE_ABOVE))
        kept[kept.length - 1] += SEE_ABOVE;
    }
    return kept.join('\n');
  });
}
