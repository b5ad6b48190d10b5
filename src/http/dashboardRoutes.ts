// The dashboard's endpoints (docs/behaviour.md, "Dashboard"): the page at /__admin/ui and its
// files, the journal as a live stream, the written scopes and the --latency setting. The page is
// built by `npm run build` into dist/dashboard (scripts/build-dashboard.mjs); nothing of it runs in
// the API's request path.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type Response } from 'express';
import { notFound } from '../domain/errors.js';
import { checkAdminToken, type KeyRing } from '../pipeline/auth.js';
import { packageRoot } from '../openapi/packageRoot.js';
import type { JournalEntry, RequestJournal } from '../workbench/requestJournal.js';
import type { Workbench } from '../workbench/workbench.js';
import { authenticateAdmin } from './adminRoutes.js';
import { sendData } from './respond.js';

/** Where `npm run build` writes the page, its script and its style. */
const DASHBOARD_DIR = join(packageRoot, 'dist', 'dashboard');
const DASHBOARD_PATH = '/__admin/ui';

/**
 * What one stream may hold unsent: a client that reads slower than requests come is dropped
 * (it reconnects and starts again from the journal's last entries), not buffered without end.
 */
export const STREAM_BUFFER_BYTES = 1024 * 1024;
/** How many of the journal's last entries a stream starts with. */
const STREAM_BACKLOG = 200;
/** A comment line now and then: a proxy or browser would otherwise close a stream that is quiet. */
const HEARTBEAT_MS = 15_000;

/**
 * The streams read the journal every FLUSH_MS, while one is open: the API's requests do no work for
 * them, and each stream gets one write per tick, not one per request (docs/performance.md,
 * "Dashboard stream").
 */
const FLUSH_MS = 100;
/**
 * The most entries sent per tick, the newest: 1,000 a second, more than a person reads, where turning
 * each of the mock's requests at full load into JSON took a tenth of the API's throughput.
 */
export const STREAM_MAX_PER_FLUSH = 100;

/**
 * What the page may load and run (docs/behaviour.md, "Dashboard"; docs/security.md): its script and
 * style from this server, no inline script; requests to this server only; pictures from here, from
 * `data:` URLs (its icon) and, as a catalog's pictures may be hosted anywhere, from http(s) URLs. No
 * other page may frame it.
 */
const DASHBOARD_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https: http:",
  "media-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const eventOf = (entry: JournalEntry): string => `event: request\ndata: ${JSON.stringify(entry)}\n\n`;

/**
 * The open streams of one journal. While there is one, a timer reads what the journal recorded since
 * the last tick, turns it into events once, and writes the same text to every stream; with none,
 * there is no timer.
 */
class JournalStreams {
  readonly #clients = new Set<Response>();
  #timer: NodeJS.Timeout | undefined;
  #sent = 0;

  constructor(readonly journal: RequestJournal) {}

  add(res: Response): void {
    const backlog = this.journal.find({ limit: STREAM_BACKLOG }, { answerBody: false }).reverse();
    if (this.#clients.size === 0) this.#sent = this.journal.lastId;
    // What the ticks send next starts after #sent; the backlog ends at the journal's last entry.
    const newer = backlog.filter((entry) => entry.id <= this.#sent);
    // A comment line first: Firefox's fetch answers only once some of the body came, which an empty
    // journal otherwise left to the first heartbeat, 15 s later.
    res.write(': open\n\n' + newer.map(eventOf).join(''));
    this.#clients.add(res);
    this.#timer ??= setInterval(() => this.#tick(), FLUSH_MS).unref();
    res.on('close', () => {
      this.#clients.delete(res);
      if (this.#clients.size === 0) {
        clearInterval(this.#timer);
        this.#timer = undefined;
      }
    });
  }

  /** How many streams are open. */
  get clients(): number {
    return this.#clients.size;
  }

  /** Whether the timer runs: only while a stream is open. */
  get ticking(): boolean {
    return this.#timer !== undefined;
  }

  #tick(): void {
    const last = this.journal.lastId;
    if (last === this.#sent) return;
    const { entries, skipped } = this.journal.since(this.#sent, STREAM_MAX_PER_FLUSH);
    this.#sent = last;
    const text =
      (skipped > 0 ? `event: skipped\ndata: {"count":${skipped}}\n\n` : '') + entries.map(eventOf).join('');
    if (text === '') return;
    for (const res of this.#clients) {
      // A client that reads slower than requests come is dropped, not buffered without end.
      if (res.writableLength > STREAM_BUFFER_BYTES) res.destroy();
      else res.write(text);
    }
  }
}

const streamsByJournal = new WeakMap<RequestJournal, JournalStreams>();

/** The open streams of a journal (one set per app). */
export function journalStreams(journal: RequestJournal): JournalStreams {
  let streams = streamsByJournal.get(journal);
  if (!streams) {
    streams = new JournalStreams(journal);
    streamsByJournal.set(journal, streams);
  }
  return streams;
}

export function mountDashboardRoutes(
  app: Express,
  workbench: Workbench,
  ring: KeyRing,
  operationIds: readonly string[],
): void {
  const admin = authenticateAdmin(ring);
  const streams = journalStreams(workbench.journal);

  app.get('/__admin/requests/stream', admin, (_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    streams.add(res);
    const heartbeat = setInterval(() => {
      if (res.writableLength > STREAM_BUFFER_BYTES) res.destroy();
      else res.write(': alive\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
    res.on('close', () => clearInterval(heartbeat));
  });

  app.get('/__admin/scopes', admin, (_req, res) => {
    sendData(res, workbench.store.writtenScopes());
  });

  app.get('/__admin/settings', admin, (_req, res) => {
    const latency = workbench.latency;
    sendData(res, {
      latency: latency ? { minMs: latency.minMs, maxMs: latency.maxMs } : null,
      strict: ring.size > 0,
      operations: operationIds,
    });
  });

  // The page, its script and style hold no data: served as files. The page itself follows the admin
  // rule: in strict mode without a key it is a 401, whose body a browser shows is the same page,
  // asking for the key (a navigation cannot send x-api-key), and every call it makes sends it.
  app.get([DASHBOARD_PATH, `${DASHBOARD_PATH}/`], (req, res) => {
    const file = join(DASHBOARD_DIR, 'index.html');
    if (!existsSync(file)) {
      throw notFound('The dashboard is not built: run `npm run build`, which writes it to dist/dashboard');
    }
    const refused = checkAdminToken(ring, req.headers);
    if (refused && !req.accepts('html')) throw refused;
    res
      .status(refused ? (refused.kind === 'forbidden' ? 403 : 401) : 200)
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Content-Security-Policy', DASHBOARD_POLICY)
      .send(readFileSync(file));
  });
  app.use(
    DASHBOARD_PATH,
    express.static(DASHBOARD_DIR, { index: false, maxAge: 0, fallthrough: true, redirect: false }),
  );
}
