// "Copy as curl" of a journal entry: the request sent again, from the shell.

export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body?: unknown;
}

/** A word for a POSIX shell: in single quotes, each quote in it closed, escaped and reopened. */
export const shellWord = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlCommand(entry: SentRequest, origin: string, token: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(entry.query)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  const query = params.toString();
  const url = `${origin}${entry.path}${query === '' ? '' : `?${query}`}`;
  const parts = ['curl'];
  if (entry.method !== 'GET') parts.push('-X', entry.method);
  parts.push('-H', shellWord(`x-api-key: ${token}`));
  if (entry.body !== undefined) {
    parts.push('-H', shellWord('content-type: application/json'));
    parts.push('--data-raw', shellWord(JSON.stringify(entry.body)));
  }
  parts.push(shellWord(url));
  return parts.join(' ');
}
