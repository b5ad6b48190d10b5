// A proxy on 127.0.0.1 in front of a started mock that can change answers: a deliberately broken server.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  method: string;
  /** Path and query as received. */
  url: string;
  body: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Return an Answer to replace the target's answer, or undefined to pass it on; a promise of either
 * holds the answer back until it settles.
 */
export type Breakage = (req: Exchange, answer: Answer) => Answer | undefined | Promise<Answer | undefined>;

const read = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * `instead`, when given, sees each request before it is passed on: an Answer it returns is sent in
 * place of the target's, and the request never reaches the target (a deployment that ignores it).
 */
export async function startProxy(
  target: string,
  breakage: Breakage,
  instead?: (req: Exchange) => Answer | undefined | Promise<Answer | undefined>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const own = await instead?.({ method: req.method ?? 'GET', url: req.url ?? '/', body });
      if (own) {
        res.writeHead(own.status, own.headers).end(own.body);
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
      const upstream = await fetch(target + (req.url ?? '/'), {
        method: req.method,
        headers,
        body: body === '' ? undefined : body,
      });
      const answer: Answer = {
        status: upstream.status,
        headers: { 'content-type': upstream.headers.get('content-type') ?? 'application/json' },
        body: await upstream.text(),
      };
      const out =
        (await breakage({ method: req.method ?? 'GET', url: req.url ?? '/', body }, answer)) ?? answer;
      res.writeHead(out.status, out.headers).end(out.body);
    })().catch((err: Error) => res.writeHead(502).end(err.message));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
