// Every reference to the design documents resolves: a comment, test name or README line that cites
// docs/<name>.md or the README (and a section title), a Markdown link, or a file of the repository names one that
// exists; nothing cites a section by number or a document the repository does not have.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allSnippets, SNIPPET_DOCUMENTS, snippetsOf, unmarkedProblem } from './snippets.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const self = relative(root, fileURLToPath(import.meta.url))
  .split('\\')
  .join('/');

/** The section titles behaviour.md shares with the service's design decisions, in this order. */
const BEHAVIOUR_TITLES = [
  'Addressing',
  'Authentication',
  'Response envelope',
  'Errors',
  'POST /products-push (merge push)',
  'POST /products/push (overwrite push)',
  'PATCH /products',
  'DELETE /products and detach',
  'Variants',
  'Product types',
  'Reads',
  'Data, seeds and admin',
  'What the published client calls beyond the specification',
];

/** Headings of a Markdown text, any level, as written. */
function headingsOf(markdown: string): string[] {
  return markdown
    .split('\n')
    .map((line) => /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1])
    .filter((title): title is string => title !== undefined);
}

/** GitHub's anchor for a heading: lower case, punctuation other than - dropped, spaces as -. */
const anchorOf = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** Reads a repository file by its path from the root; undefined when there is none. */
interface Repo {
  read(path: string): string | undefined;
  /** Whether git ignores the path: a file a run writes (a report), named before it exists. */
  ignored(path: string): boolean;
}

/** The patterns of a .gitignore (not its negations) as tests of a path from the root. */
function ignoreRules(gitignore: string): ((path: string) => boolean)[] {
  return gitignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!'))
    .map((pattern) => {
      const glob = pattern
        .replace(/\/$/, '')
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*');
      const anywhere = !pattern.replace(/\/$/, '').includes('/');
      const regex = new RegExp(`${anywhere ? '(^|/)' : '^'}${glob}(/|$)`);
      return (path: string) => regex.test(path);
    });
}

const SECTION_NUMBER = [
  /\bsections?\s+\d+/i,
  /\bspec(?:ification)?(?:'s)?\s+(?:section\s+)?\d+(?:\.\d+)*/i,
  /§/,
  /\bbehaviour\.md\s+sections?\b/i,
];
const OUTSIDE = [
  /(^|[\s'"`(])\/work\//,
  /\bshared\/(?:spec|design|reference)\b/,
  /\.\.\/(?:spec|design|reference)\//,
];
/** Files of the repository named in text (Markdown files: MD_FILE): they must exist. */
const REPO_PATH =
  /(?<![\w./-])((?:src|seeds|test|contract-tests|bench|docs)\/[\w./-]*\w\.(?:ts|yaml|json))\b/g;
/** Any Markdown file named in text. */
const MD_FILE = /(?<![\w./-])((?:\.{1,2}\/)*[\w./-]*\w\.md)\b/g;
/**
 * A Markdown file (or the README by its bare name) followed by one or more quoted section titles:
 * `docs/behaviour.md, "Reads"`, and the forms prose takes, `docs/behaviour.md ("Reads")` and
 * `docs/architecture.md's "Folders"`, which a rename would otherwise leave pointing nowhere.
 */
const TITLE_CITATION =
  /(?<![\w./-])((?:[\w-]+\/)*[\w-]+\.md|README)((?:(?:,\s*|\s+and\s+|\s+to\s+|'s\s+|\s+\(\s*)"[^"\n]+")+)/g;
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

/** The problems of one file's references; `path` is relative to the repository root. */
function problemsIn(path: string, text: string, repo: Repo): string[] {
  const problems: string[] = [];
  const at = (index: number) => `${path}:${text.slice(0, index).split('\n').length}`;
  for (const pattern of [...SECTION_NUMBER, ...OUTSIDE]) {
    const found = pattern.exec(text);
    if (found) problems.push(`${at(found.index)}: "${found[0].trim()}" cites what a clone cannot follow`);
  }
  // Comment leaders between the lines of one citation are not part of it.
  const joined = text.replace(/\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*/g, (m) => ' '.repeat(m.length));
  for (const found of joined.matchAll(MD_FILE)) {
    const file = found[1] as string;
    const target = path.endsWith('.md') ? posix.normalize(posix.join(posix.dirname(path), file)) : file;
    if (repo.read(target) === undefined && repo.read(file) === undefined) {
      problems.push(`${at(found.index)}: ${file} is not a document of the repository`);
    }
  }
  for (const found of joined.matchAll(TITLE_CITATION)) {
    const file = found[1] === 'README' ? 'README.md' : (found[1] as string);
    const doc = repo.read(file);
    if (doc === undefined) continue; // reported above
    const titles = headingsOf(doc);
    for (const [, quoted] of (found[2] as string).matchAll(/"([^"]+)"/g)) {
      // A title may wrap onto the next comment line.
      const title = (quoted as string).replace(/\s+/g, ' ');
      if (/^<.*>$/.test(title)) continue; // a placeholder in prose about citing
      if (!titles.includes(title)) {
        problems.push(`${at(found.index)}: ${file} has no section "${title}"`);
      }
    }
  }
  for (const found of text.matchAll(REPO_PATH)) {
    if (repo.read(found[1] as string) === undefined && !repo.ignored(found[1] as string)) {
      problems.push(`${at(found.index)}: ${found[1]} does not exist`);
    }
  }
  if (path.endsWith('.md')) {
    for (const found of text.matchAll(MARKDOWN_LINK)) {
      const link = found[1] as string;
      if (/^[a-z]+:/i.test(link)) continue;
      const [file, anchor] = link.split('#') as [string, string | undefined];
      const target = file === '' ? path : posix.normalize(posix.join(posix.dirname(path), file));
      const doc = repo.read(target);
      if (doc === undefined) problems.push(`${at(found.index)}: link to ${target}, which does not exist`);
      else if (anchor !== undefined && !headingsOf(doc).map(anchorOf).includes(anchor)) {
        problems.push(`${at(found.index)}: link to ${target}#${anchor}, which has no such heading`);
      }
    }
  }
  return problems;
}

/** The repository on disk; a folder reads as an empty text so that a link to it resolves. */
const gitignored = ignoreRules(
  existsSync(join(root, '.gitignore')) ? readFileSync(join(root, '.gitignore'), 'utf8') : '',
);
const disk: Repo = {
  ignored: (path) => gitignored.some((rule) => rule(path)),
  read(path) {
    const full = join(root, path);
    if (!existsSync(full)) return undefined;
    return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
  },
};

function filesUnder(folder: string, ext: RegExp): string[] {
  const full = join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => posix.join(folder, name.split('\\').join('/')))
    .filter(
      (path) => ext.test(path) && !path.includes('node_modules') && statSync(join(root, path)).isFile(),
    );
}

/** Every file whose comments, test names or text may cite the design. */
function citingFiles(): string[] {
  const code = ['src', 'seeds', 'test', 'contract-tests', 'bench', 'scripts', 'examples'].flatMap((folder) =>
    filesUnder(folder, /\.(?:ts|mjs|js)$/),
  );
  return [
    ...code.filter((path) => path !== self && !path.startsWith('src/generated/')),
    ...filesUnder('docs', /\.md$/),
    'README.md',
    'openapi.yaml',
    'eslint.config.js',
    'vitest.config.ts',
  ];
}

describe('references to the design documents', () => {
  it('resolve in every comment, test name, document and README link', () => {
    const problems = citingFiles().flatMap((path) => problemsIn(path, disk.read(path) ?? '', disk));
    expect(problems).toEqual([]);
  });

  it('reach docs/behaviour.md under the section titles the design is known by, each once', () => {
    const titles = headingsOf(disk.read('docs/behaviour.md') ?? '');
    const top = (disk.read('docs/behaviour.md') ?? '')
      .split('\n')
      .filter((line) => line.startsWith('## '))
      .map((line) => line.slice(3).trim());
    expect(top.filter((title) => BEHAVIOUR_TITLES.includes(title))).toEqual(BEHAVIOUR_TITLES);
    for (const doc of ['docs/behaviour.md', 'docs/performance.md']) {
      const all = headingsOf(disk.read(doc) ?? '');
      expect(
        all.filter((title, i) => all.indexOf(title) !== i),
        doc,
      ).toEqual([]);
    }
    expect(titles.length).toBeGreaterThan(BEHAVIOUR_TITLES.length);
  });

  it('marks every rule of docs/behaviour.md by its source', () => {
    const text = disk.read('docs/behaviour.md') ?? '';
    const body = text.slice(text.indexOf('\n## '));
    const rules = body.split('\n').filter((line) => line.startsWith('- '));
    expect(rules.length).toBeGreaterThan(50);
    expect(rules.filter((rule) => !/^- \[(spec|published|mock choice)\]/.test(rule))).toEqual([]);
  });
});

/**
 * The files the README's commands write, by the options that name them, with what is written beside
 * them: a --data file's first journal and lock, a recording's FILE.partial, the seed command's
 * temporary file. Placeholders (FILE, $VAR, <file>) and standard output are not files.
 */
function filesReadmeCommandsWrite(readme: string): string[] {
  const beside: Record<string, string[]> = {
    data: ['.journal-0', '.lock'],
    out: ['.partial', '.1234-abcdef12.tmp'],
    junit: [],
    report: [],
  };
  const files = new Set<string>();
  for (const [, option, file] of readme.matchAll(/--(data|out|junit|report) ([^\s`|)]+)/g)) {
    if (!/^[\w./-]+\.\w+$/.test(file as string) || /^(FILE|\/)/.test(file as string)) continue;
    for (const suffix of ['', ...(beside[option as string] ?? [])])
      files.add(`${file}${suffix}`.replace(/^\.\//, ''));
  }
  return [...files];
}

describe('what the commands of the README and the guides write in a clone', () => {
  it('is ignored by git, and so by Prettier and `git add -A`', () => {
    const written = filesReadmeCommandsWrite(
      SNIPPET_DOCUMENTS.map((path) => disk.read(path) ?? '').join('\n'),
    );
    // the dataset file, its journal, the recording and the reports the README names
    expect(written).toEqual(
      expect.arrayContaining(['catalog.json', 'catalog.json.journal-0', 'our-catalog.json']),
    );
    expect(written.filter((path) => !disk.ignored(path))).toEqual([]);
  });
});

describe('the reference check', () => {
  const docs: Record<string, string> = {
    'docs/behaviour.md': '# B\n\n## Reads\n\n### Sort\n',
    'docs/performance.md': '# P\n\n## Search index\n',
    'README.md': '# R\n\n## Design documents\n',
    'src/domain/sort.ts': '',
  };
  const ignore = ignoreRules('dist/\nbench/results/*.json');
  const repo: Repo = { read: (path) => docs[path], ignored: (path) => ignore.some((rule) => rule(path)) };
  const check = (text: string, path = 'src/x.ts') => problemsIn(path, text, repo);

  it('accepts citations by file and section title, over several comment lines too', () => {
    expect(check('// see docs/behaviour.md, "Reads" and "Sort"')).toEqual([]);
    expect(check('// the options (README, "Design documents")')).toEqual([]);
    expect(
      check('/**\n * The rule (docs/behaviour.md,\n * "Sort"); docs/performance.md, "Search index".\n */'),
    ).toEqual([]);
    expect(check('describe(\'sort (docs/behaviour.md, "Sort")\', () => {});')).toEqual([]);
    expect(check('src/domain/sort.ts holds it')).toEqual([]);
    expect(check('the report goes to bench/results/latest.json')).toEqual([]);
    expect(check('// as docs/performance.md, "Search\n// index" measured')).toEqual([]);
    expect(check('// deeper than the bound (docs/behaviour.md\n// ("Reads")) fails')).toEqual([]);
    expect(check('// docs/behaviour.md\'s "Sort" is the map')).toEqual([]);
  });

  it('refuses section numbers, unknown titles and documents the repository does not have', () => {
    // The number, the file name without docs/, and the file's phrase "behaviour.md section".
    expect(check('// behaviour.md section 11')).toHaveLength(3);
    expect(check('// (spec 4.6)')).toHaveLength(1);
    expect(check('// see § 4')).toHaveLength(1);
    expect(check('// docs/behaviour.md, "Filters"')).toEqual([
      'src/x.ts:1: docs/behaviour.md has no section "Filters"',
    ]);
    expect(check('// README, "Benchmark"')).toEqual(['src/x.ts:1: README.md has no section "Benchmark"']);
    // Prose forms of a citation are held to the same titles.
    expect(check('// the bound (docs/behaviour.md ("Filters"))')).toEqual([
      'src/x.ts:1: docs/behaviour.md has no section "Filters"',
    ]);
    expect(check('// README\'s "Benchmark" says')).toEqual([
      'src/x.ts:1: README.md has no section "Benchmark"',
    ]);
    expect(check('// docs/architecture.md, "Layers"')).toEqual([
      'src/x.ts:1: docs/architecture.md is not a document of the repository',
    ]);
    expect(check('// ../spec/catalog-service-spec.md')).toHaveLength(2);
    expect(check('// src/heapPolicy.ts')).toEqual(['src/x.ts:1: src/heapPolicy.ts does not exist']);
    expect(check('// bench/results.json')).toEqual(['src/x.ts:1: bench/results.json does not exist']);
  });

  it('follows Markdown links to files and headings', () => {
    expect(check('[b](docs/behaviour.md#reads) [p](docs/performance.md)', 'README.md')).toEqual([]);
    expect(check('[b](docs/behaviour.md#filters)', 'README.md')).toEqual([
      'README.md:1: link to docs/behaviour.md#filters, which has no such heading',
    ]);
    expect(check('[r](../README.md#design-documents)', 'docs/performance.md')).toEqual([]);
    expect(check('[a](architecture.md)', 'docs/performance.md')).toHaveLength(2);
  });
});

describe('the blocks of the README and the guides', () => {
  it('are each run by test/e2e/snippets.test.ts or marked as not run, with the reason', () => {
    const snippets = allSnippets(root);
    expect(snippets.length).toBeGreaterThan(30);
    expect(snippets.map(unmarkedProblem).filter(Boolean)).toEqual([]);
  });

  it('are read with the mark on the line before them', () => {
    const text = [
      '<!-- not run: it needs a deployment -->',
      '```sh',
      'curl x',
      '```',
      '',
      '<!-- mock: --seed none -->',
      '',
      '   ```sh',
      '   curl y',
      '   ```',
      '```',
      'output',
      '```',
    ].join('\n');
    const [a, b, c] = snippetsOf('x.md', text);
    expect(a).toMatchObject({ line: 2, lang: 'sh', code: 'curl x', notRun: 'it needs a deployment' });
    expect(b).toMatchObject({ line: 8, lang: 'sh', code: 'curl y', mock: '--seed none' });
    expect(unmarkedProblem(c!)).toMatch(/^x.md:11: a ``` block no test runs/);
  });
});
