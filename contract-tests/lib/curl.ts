// A request as a curl command a person can paste: the token is read from $CONTRACT_API_KEY, never printed.

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const SECRET_HEADERS = new Set(['x-api-key', 'authorization']);
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command that repeats the request; the token comes from $CONTRACT_API_KEY. */
export function toCurl(req: SentRequest): string {
  const parts = ['curl', '-sS', '-X', req.method, quote(req.url)];
  for (const [name, value] of Object.entries(req.headers)) {
    if (SECRET_HEADERS.has(name.toLowerCase())) {
      const bearer = /^bearer /i.test(value) ? 'Bearer ' : '';
      parts.push('-H', `"${name}: ${bearer}$CONTRACT_API_KEY"`);
    } else parts.push('-H', quote(`${name}: ${value}`));
  }
  if (req.body !== undefined) parts.push('--data-raw', quote(req.body));
  return parts.join(' ');
}
