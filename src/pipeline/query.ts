/**
 * A query string as an object, the way express's default ("simple") parser reads it: `+` is a
 * space, a repeated name gives a list, and the object has no prototype, so a name such as
 * "__proto__" stays a key the body guard can refuse. URLSearchParams: no node built-in needed.
 */
export function parseQuery(search: string): Record<string, string | string[]> {
  const query = Object.create(null) as Record<string, string | string[]>;
  if (search === '') return query;
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = query[name];
    query[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return query;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextEncoder();
/** A percent-escape of a byte above 0x7F: only those can make bytes that are not UTF-8. */
const HIGH_BYTE = /%[89a-f][0-9a-f]/i;

/**
 * The first query parameter, as written, whose percent-escapes are bytes that are no UTF-8 text
 * (`%FF`, `%ED%A0%80`, a lone surrogate's bytes); undefined when there is none. URLSearchParams
 * reads such bytes as U+FFFD, so a search or a filter would look for another text than the one the
 * client meant, without a word. An escape that is malformed (`50%off`) stays the text it is.
 */
export function queryNotUtf8(search: string): { name: string; written: string } | undefined {
  if (!HIGH_BYTE.test(search)) return undefined;
  for (const written of search.split('&')) {
    if (!HIGH_BYTE.test(written) || decodesAsUtf8(written)) continue;
    const raw = written.slice(0, written.includes('=') ? written.indexOf('=') : undefined);
    return { name: decodesAsUtf8(raw) ? ([...new URLSearchParams(written).keys()][0] ?? raw) : raw, written };
  }
  return undefined;
}

function decodesAsUtf8(written: string): boolean {
  const bytes: number[] = [];
  for (let i = 0; i < written.length; i++) {
    const escape = written[i] === '%' ? written.slice(i + 1, i + 3) : '';
    if (/^[0-9a-f]{2}$/i.test(escape)) {
      bytes.push(parseInt(escape, 16));
      i += 2;
    } else {
      bytes.push(...utf8.encode(written[i]));
    }
  }
  try {
    strictUtf8.decode(Uint8Array.from(bytes));
    return true;
  } catch {
    return false;
  }
}
