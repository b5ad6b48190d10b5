// No import cycle runs between folders (docs/architecture.md, "Invariants, and what enforces them"):
// each folder of src/ and seeds/ is a room, and the rooms' imports form no loop, so each room can be
// read, tested and moved with what is below it alone. The import graph is madge's.
import madge from 'madge';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The folder of a file madge names (relative to the root), as a room: `src/cli/serve`, `seeds`. */
const folderOf = (file: string): string => dirname(file);

/** Each cycle among the folders, as the folders on it (Tarjan's strongly connected components). */
function cyclesOf(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('folders', () => {
  it('import one another without a cycle', async () => {
    const graph = (
      await madge(['src', 'seeds'], {
        baseDir: root,
        fileExtensions: ['ts'],
        tsConfig: join(root, 'tsconfig.json'),
        // Type imports count: a cycle of types is a cycle a reader follows all the same.
        detectiveOptions: { ts: { skipTypeImports: false } },
      })
    ).obj();
    const edges = new Map<string, Set<string>>();
    for (const [from, imports] of Object.entries(graph)) {
      for (const to of imports) {
        if (folderOf(from) === folderOf(to)) continue;
        if (!edges.has(folderOf(from))) edges.set(folderOf(from), new Set());
        edges.get(folderOf(from))!.add(folderOf(to));
      }
    }
    // The graph is read at all: a madge that found no files would find no cycle either.
    expect(edges.get('src/cli/serve')?.has('src/cli/terminal')).toBe(true);
    expect(edges.get('src/seed')?.has('seeds')).toBe(true);
    expect(cyclesOf(edges)).toEqual([]);
  }, 60_000);
});
