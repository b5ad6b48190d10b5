// `npm run bench -- --dashboard`: GET /products/{id} measured again with the dashboard's stream open,
// read as the page reads it (docs/behaviour.md, "Dashboard"), so that its cost in the API's answers
// shows beside the run without it.

/** Opens GET /__admin/requests/stream and reads it until close(), which tells what was read. */
export async function openDashboardStream(url: string): Promise<{ close(): Promise<string> }> {
  const abort = new AbortController();
  const res = await fetch(`${url}/__admin/requests/stream`, {
    headers: { 'x-api-key': 'bench' },
    signal: abort.signal,
  });
  if (!res.ok || !res.body) throw new Error(`the dashboard's stream answered ${res.status}`);
  let events = 0;
  let skipped = 0;
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      events += value.split('\n\n').length - 1;
      for (const match of value.matchAll(/^data: \{"count":(\d+)\}$/gm)) skipped += Number(match[1]);
    }
  })().catch(() => undefined);
  return {
    close: async () => {
      abort.abort();
      await reading;
      return `${events} events, ${skipped} requests skipped`;
    },
  };
}
