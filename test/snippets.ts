// The fenced blocks of the README and the guides in docs/, each with what the Markdown says of it:
// `<!-- not run: reason -->` on the line before a block marks one that no test runs, and why;
// `<!-- mock: OPTIONS -->` names the options of the mock a block runs against. test/e2e/snippets.test.ts
// runs every other block; test/docs.test.ts checks that every block is one or the other.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The documents whose blocks a reader copies: the README and the guides (not the design documents). */
export const SNIPPET_DOCUMENTS = [
  'README.md',
  'docs/cli.md',
  'docs/api.md',
  'docs/workbench.md',
  'docs/persistence.md',
  'docs/datasets.md',
  'docs/contract.md',
  'docs/drift.md',
  'docs/upstream.md',
  'docs/testing.md',
  'docs/security.md',
  'docs/published-client.md',
  'docs/msw.md',
  'docs/performance.md',
];

/** The languages a block may be run in: a shell, JavaScript, TypeScript, and JSON (a dataset). */
export const RUNNABLE = ['sh', 'js', 'ts', 'json'] as const;
export type Runnable = (typeof RUNNABLE)[number];

export interface Snippet {
  /** The document, from the repository root, and the line of the opening fence. */
  file: string;
  line: number;
  /** The fence's language, '' when it names none. */
  lang: string;
  /** The block's text, without the indentation of its fence. */
  code: string;
  /** Why it is not run, when it is marked so. */
  notRun?: string;
  /** The options of the mock it runs against, when the Markdown names them. */
  mock?: string;
}

/** Every fenced block of a Markdown text, with the marks on the line before it. */
export function snippetsOf(file: string, markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const found: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)```(\w*)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    const indent = (open[1] as string).length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^ *```\s*$/.test(lines[j] as string); j++) {
      body.push(
        (lines[j] as string).slice(Math.min(indent, /^ */.exec(lines[j] as string)?.[0].length ?? 0)),
      );
    }
    let k = i - 1;
    while (k >= 0 && (lines[k] as string).trim() === '') k--;
    const before = k >= 0 ? (lines[k] as string).trim() : '';
    const notRun = /^<!-- not run: (.+?) -->$/.exec(before)?.[1];
    const mock = /^<!-- mock:(.*?)-->$/.exec(before)?.[1]?.trim();
    found.push({
      file,
      line: i + 1,
      lang: open[2] as string,
      code: body.join('\n'),
      ...(notRun !== undefined ? { notRun } : {}),
      ...(mock !== undefined ? { mock } : {}),
    });
    i = j;
  }
  return found;
}

/** The blocks of every document of SNIPPET_DOCUMENTS that exists under root. */
export function allSnippets(root: string): Snippet[] {
  return SNIPPET_DOCUMENTS.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      return [];
    }
    return snippetsOf(file, text);
  });
}

/** Why a block is neither run nor marked: a language no test runs it in. Undefined when it is fine. */
export function unmarkedProblem(snippet: Snippet): string | undefined {
  if (snippet.notRun !== undefined) return undefined;
  if ((RUNNABLE as readonly string[]).includes(snippet.lang)) return undefined;
  return (
    `${snippet.file}:${snippet.line}: a \`\`\`${snippet.lang} block no test runs: mark it ` +
    '<!-- not run: reason --> on the line before, or write it in sh, js, ts or json'
  );
}
