// How deeply a JSON text or value nests, found without recursion: a hostile value nested ten
// thousand levels deep must be refused before any recursive code (a parser of ours, Ajv,
// JSON.stringify in an error message) walks it and exhausts the stack.

/**
 * Whether the JSON whose character codes `codeAt` gives nests objects and arrays deeper than `max`;
 * strings are skipped. The structural characters are ASCII, so text and UTF-8 bytes read alike.
 */
function nestsDeeper(length: number, codeAt: (i: number) => number, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < length; i++) {
    const c = codeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** Whether JSON text nests objects and arrays deeper than `max`; strings are skipped. */
export function textNestsDeeper(text: string, max: number): boolean {
  return nestsDeeper(text.length, (i) => text.charCodeAt(i), max);
}

/**
 * What the bytes of UTF-8 JSON are past, read before they are decoded or parsed: nested deeper than
 * `maxDepth` (`deep`), or holding more than `maxContainers` objects and arrays (`many`).
 */
export function bytesPast(
  bytes: Uint8Array,
  maxDepth: number,
  maxContainers: number,
): 'deep' | 'many' | undefined {
  // nestsDeeper's loop over the bytes themselves (no byte of a multi-byte character is below 0x80):
  // a function call per byte took a third of the time of a large push's checks.
  let depth = 0;
  let containers = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i] as number;
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return 'deep';
      if (++containers > maxContainers) return 'many';
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return undefined;
}

/** Whether a parsed value nests objects and arrays deeper than `max` (a value at the top is level 1). */
export function valueNestsDeeper(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
