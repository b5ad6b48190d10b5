// A number in a seed file too large for a double (1e400): JSON.parse reads it as Infinity without a
// word, and the API would answer it as null, filter and count it as a value. The schema refuses it
// where it types a number; in a field it leaves untyped (a custom property's value, an undocumented
// field) nothing would, so the file is refused at load, at the line that holds it, as the API
// refuses one in a body (docs/behaviour.md, "Errors"). A seed given in code is refused the same way
// for an Infinity or NaN it holds, by the record and field (records.ts).

/**
 * Whether a parsed value holds a number that is not finite. Walked without recursion (a file may
 * nest deeper than the stack goes, and JSON.parse takes it), and with for...in rather than
 * Object.values: this walk sees every value of a seed file, and took half the time so.
 */
export function holdsInfiniteNumber(value: unknown): boolean {
  const pending: object[] = [];
  const infinite = (item: unknown): boolean => {
    if (typeof item === 'number') return !Number.isFinite(item);
    if (typeof item === 'object' && item !== null) pending.push(item);
    return false;
  };
  if (infinite(value)) return true;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (Array.isArray(next)) {
      for (let i = 0; i < next.length; i++) if (infinite(next[i])) return true;
    } else {
      for (const key in next) if (infinite((next as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

/**
 * The keys and indexes that lead to the first number of a value that is not finite, in the order
 * JSON.stringify writes them; undefined when it holds none. For records given in code, which have no
 * text to place it in.
 */
export function pathToInfiniteNumber(
  value: unknown,
): { path: (string | number)[]; found: number } | undefined {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const at = next.value;
    if (typeof at === 'number') {
      if (!Number.isFinite(at)) return { path: next.path, found: at };
    } else if (typeof at === 'object' && at !== null) {
      const entries: [string | number, unknown][] = Array.isArray(at)
        ? [...at.entries()]
        : Object.entries(at);
      // Pushed last first, so that the first is taken first.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        pending.push({ value: item, path: [...next.path, key] });
      }
    }
  }
  return undefined;
}

/** The first number of a JSON text that reads as Infinity: where it starts, as written, and its path. */
export interface InfiniteNumber {
  offset: number;
  written: string;
  /** Keys and indexes from the text's top value down to the number. */
  path: (string | number)[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NUMBER_START = /[-0-9]/;
const NUMBER_PART = /[-+.eE0-9]/;

/**
 * Finds the first number of `text`, valid JSON, that reads as Infinity, with the keys and indexes
 * that lead to it: asked only once holdsInfiniteNumber found one, to say where it is.
 */
export function findInfiniteNumber(text: string): InfiniteNumber | undefined {
  const path: (string | number)[] = [];
  const inArray: boolean[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (text.charCodeAt(i) === QUOTE) {
      let end = i + 1;
      while (text.charCodeAt(end) !== QUOTE) end += text.charCodeAt(end) === BACKSLASH ? 2 : 1;
      if (expectKey) {
        path[path.length - 1] = JSON.parse(text.slice(i, end + 1)) as string;
        expectKey = false;
      }
      i = end;
    } else if (ch === '{' || ch === '[') {
      inArray.push(ch === '[');
      path.push(ch === '[' ? 0 : '');
      expectKey = ch === '{';
    } else if (ch === '}' || ch === ']') {
      inArray.pop();
      path.pop();
    } else if (ch === ',') {
      if (inArray.at(-1) === true) path[path.length - 1] = (path.at(-1) as number) + 1;
      else expectKey = true;
    } else if (NUMBER_START.test(ch)) {
      let end = i + 1;
      while (end < text.length && NUMBER_PART.test(text[end]!)) end++;
      const written = text.slice(i, end);
      if (!Number.isFinite(Number(written))) return { offset: i, written, path };
      i = end - 1;
    }
  }
  return undefined;
}

/** The field that names a record of each section of a seed file. */
const ID_FIELDS: Readonly<Record<string, string>> = {
  products: 'productGroupId',
  productTypes: 'productTypeId',
};

/** "customProperties[0].value": keys and indexes as a person reads them. */
const readable = (path: readonly (string | number)[]): string =>
  path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');

/** A number of hundreds of digits is shown by its start. */
const SHOWN_CHARACTERS = 24;

/**
 * What is wrong, after the place a message gives (a line): the record as a schema problem names it,
 * `products[1] (productGroupId "B")`, then the field and the number as written. `path` starts at the
 * file's top; `record` is the record it goes through, whose id names it.
 */
export function infiniteNumberProblem(
  found: Pick<InfiniteNumber, 'path' | 'written'>,
  record: unknown,
  inCode = false,
): string {
  const [section, index, ...field] = found.path;
  const written =
    found.written.length > SHOWN_CHARACTERS
      ? `${found.written.slice(0, SHOWN_CHARACTERS)}… (${found.written.length} characters)`
      : found.written;
  const why = inCode
    ? `is ${written}, which JSON has no number for: it would be answered as null. Give a finite number, or a string`
    : `is ${written}, beyond the largest number JSON readers take (about 1.8e308): it would be read as ` +
      `Infinity and answered as null. Write a smaller number, or a string`;
  if (typeof section !== 'string' || typeof index !== 'number' || field.length === 0) {
    return `${readable(found.path)} ${why}`;
  }
  const idField = Object.hasOwn(ID_FIELDS, section) ? ID_FIELDS[section] : undefined;
  const id = idField && (record as Record<string, unknown> | null)?.[idField];
  return `${section}[${index}]${typeof id === 'string' ? ` (${idField} "${id}")` : ''}: ${readable(field)} ${why}`;
}
