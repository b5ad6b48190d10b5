// The dashboard's calls: every one goes to a documented endpoint of openapi.yaml (tag Admin, or the
// API itself for the catalog view), with the key the page was given (docs/behaviour.md, "Dashboard").

const KEY_ITEM = 'product-catalog-mock.apiKey';

export function storedKey(): string {
  return sessionStorage.getItem(KEY_ITEM) ?? '';
}

export function storeKey(key: string): void {
  if (key === '') sessionStorage.removeItem(KEY_ITEM);
  else sessionStorage.setItem(KEY_ITEM, key);
}

/** The token sent: the key given, or `dev`, which a mock that is not strict takes as any other. */
export const token = (): string => storedKey() || 'dev';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calls the mock and answers the `data` of its JSON; an error answer throws its message. */
export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'x-api-key': token() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = text === '' ? undefined : (JSON.parse(text) as { data?: T; message?: string });
  if (!res.ok) throw new ApiError(res.status, json?.message ?? `${res.status} ${res.statusText}`);
  return json?.data as T;
}

/**
 * Follows a server-sent event stream with fetch, which can send the key (an EventSource cannot),
 * and calls `onOpen` at each (re)connection, `onEvent` per event. Reconnects after a second when the
 * stream ends (the server drops a client too slow to read, and stops with the process).
 */
export function follow(
  path: string,
  onOpen: () => void,
  onEvent: (event: string, data: string) => void,
  onError: (err: unknown) => void,
): void {
  const connect = async (): Promise<void> => {
    const res = await fetch(path, { headers: { 'x-api-key': token(), accept: 'text/event-stream' } });
    if (!res.ok || !res.body) {
      const text = await res.text();
      let message = `${res.status} ${res.statusText}`;
      try {
        message = (JSON.parse(text) as { message: string }).message;
      } catch {
        // not JSON: the status says it
      }
      throw new ApiError(res.status, message);
    }
    onOpen();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (data.length > 0) onEvent(event, data.join('\n'));
      }
    }
  };
  const loop = (): void => {
    connect().then(
      () => setTimeout(loop, 1000),
      (err: unknown) => {
        onError(err);
        setTimeout(loop, err instanceof ApiError && err.status === 401 ? 3000 : 1000);
      },
    );
  };
  loop();
}
