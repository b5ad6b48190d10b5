// A request as a curl command a person can paste: the token is read from $CONTRACT_API_KEY, never printed.

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const SECRET_HEADERS = new Set(['x-api-key', 'authorization']);
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** The -H argument for a token header as it was sent; a token itself is never printed. */
function secretHeader(name: string, value: string): string {
  const bearer = /^bearer /i.test(value) ? 'Bearer ' : '';
  // A header sent without a token (the tests of a blank key) is repeated as sent, or the curl line
  // would send the token and get another answer. curl sends `name;` as an empty header (`name:` drops it).
  if (value.slice(bearer.length).trim() === '')
    return quote(value.trim() === '' ? `${name};` : `${name}: ${value}`);
  return `"${name}: ${bearer}$CONTRACT_API_KEY"`;
}

/** A curl command that repeats the request; the token comes from $CONTRACT_API_KEY. */
export function toCurl(req: SentRequest): string {
  const parts = ['curl', '-sS', '-X', req.method, quote(req.url)];
  for (const [name, value] of Object.entries(req.headers)) {
    if (SECRET_HEADERS.has(name.toLowerCase())) parts.push('-H', secretHeader(name, value));
    else parts.push('-H', quote(`${name}: ${value}`));
  }
  if (req.body !== undefined) parts.push('--data-raw', quote(req.body));
  return parts.join(' ');
}
