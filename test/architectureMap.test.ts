// docs/architecture.md's "Folders" is the map a newcomer reads first: each folder's paragraph names
// every file of that folder (its subfolders' too), and names no file the folder does not have.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

/** The paragraphs of "## Folders", by the folder of src/ each describes ('' for the top level). */
function folderParagraphs(markdown: string): Map<string, string> {
  const section = markdown.split('\n## Folders\n')[1]?.split('\n## ')[0] ?? '';
  const paragraphs = new Map<string, string>();
  for (const paragraph of section.split(/\n\s*\n/).map((text) => text.trim())) {
    const folder = /^\*\*`src\/([^`]+)\/`\*\*/.exec(paragraph)?.[1];
    if (folder !== undefined) paragraphs.set(folder, paragraph);
    else if (paragraph.startsWith('**Top level**')) paragraphs.set('', paragraph);
  }
  return paragraphs;
}

/** Every .ts file under dir, as paths relative to it. */
function tsFiles(dir: string, recursive: boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive }).flatMap((entry) =>
    entry.isFile() && entry.name.endsWith('.ts') ? [relative(dir, join(entry.parentPath, entry.name))] : [],
  );
}

/** The file names a paragraph writes as code (`name.ts`), not paths into other folders. */
const namedFiles = (paragraph: string): string[] =>
  [...paragraph.matchAll(/`([\w.-]+\.ts)`/g)].map((match) => match[1] as string);

const paragraphs = folderParagraphs(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));
const folders = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'generated')
  .map((entry) => entry.name);

describe('docs/architecture.md, "Folders"', () => {
  it.each(['', ...folders])('the paragraph of src/%s names each of its files, and only those', (folder) => {
    const paragraph = paragraphs.get(folder);
    expect(paragraph, `no paragraph for src/${folder}/`).toBeDefined();
    const files = tsFiles(join(src, folder), folder !== '');
    const unnamed = files.filter((file) => !paragraph?.includes(file.split('/').at(-1) as string));
    expect(unnamed, `files of src/${folder}/ the paragraph does not name`).toEqual([]);
    const names = new Set(files.map((file) => file.split('/').at(-1)));
    const absent = namedFiles(paragraph ?? '').filter((name) => !names.has(name));
    expect(absent, `files the paragraph of src/${folder}/ names that it does not hold`).toEqual([]);
  });
});
