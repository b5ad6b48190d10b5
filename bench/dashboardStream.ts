// `npm run bench -- --dashboard`: the in-memory mock measured with the dashboard's stream open, read
// as the page reads it (docs/behaviour.md, "Dashboard"), so that its cost in the API's answers shows.
import type { ServerHandle } from './suite.js';

/** The server with a reader of GET /__admin/requests/stream for as long as it runs; counts what it read. */
export async function withDashboardStream(
  server: ServerHandle,
  log: (line: string) => void,
): Promise<ServerHandle> {
  const abort = new AbortController();
  const res = await fetch(`${server.url}/__admin/requests/stream`, {
    headers: { 'x-api-key': 'bench' },
    signal: abort.signal,
  });
  if (!res.ok || !res.body) throw new Error(`the dashboard's stream answered ${res.status}`);
  let events = 0;
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      events += value.split('\n\n').length - 1;
    }
  })().catch(() => undefined);
  return {
    ...server,
    stop: async () => {
      abort.abort();
      await reading;
      log(`dashboard stream: ${events} events read`);
      await server.stop();
    },
  };
}
