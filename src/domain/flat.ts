/**
 * The parts joined as one flat string. V8 keeps a string built with + or a template as a tree of its
 * parts (32 bytes a node, every part kept alive), and the first read that flattens it adds a flat
 * copy beside the tree. Strings built once per product and kept for the life of the server are
 * built flat instead: Array.prototype.join writes one sequential string, about twice as fast as
 * normalizing a built one (docs/performance.md, "Generated catalogs: shared values and flat strings").
 */
export function flat(...parts: string[]): string {
  return parts.join('');
}

/** `flat` for a template literal: flatText`${a} and ${b}` is one flat string. */
export function flatText(strings: TemplateStringsArray, ...values: string[]): string {
  const parts = new Array<string>(strings.length + values.length);
  for (let i = 0; i < values.length; i++) {
    parts[2 * i] = strings[i]!;
    parts[2 * i + 1] = values[i]!;
  }
  parts[parts.length - 1] = strings[strings.length - 1]!;
  return parts.join('');
}
