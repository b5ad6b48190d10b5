import { beforeAll } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Writable } from 'node:stream';
import { createApp, type AppOptions } from '../src/app.js';
import { startServer, type ServerOptions } from '../src/server.js';
import { createLogger } from '../src/workbench/logger.js';

export const TOKEN = { 'x-api-key': 'test-token' };
export const BASE = '/acme/dev';

/** A fresh mock with an empty seed unless one is given. */
export function makeApp(options: AppOptions = {}): Promise<Express> {
  return createApp(options);
}

/** An authenticated agent on one app. */
export function client(app: Express) {
  const agent = request(app);
  return {
    get: (path: string) => agent.get(path).set(TOKEN),
    post: (path: string, body?: object) => agent.post(path).set(TOKEN).send(body),
    patch: (path: string, body?: object) => agent.patch(path).set(TOKEN).send(body),
    delete: (path: string, body?: object) => {
      const req = agent.delete(path).set(TOKEN);
      return body === undefined ? req : req.send(body);
    },
    raw: agent,
  };
}

export type Client = ReturnType<typeof client>;

/**
 * One mock for the whole test file, made before its tests, with an authenticated client on it;
 * `fresh()` gives each caller a scope of its own, which starts empty, so tests need no reset.
 */
export function appPerFile(options: AppOptions = {}) {
  let made: { app: Express; c: Client } | undefined;
  let tenant = 0;
  beforeAll(async () => {
    const app = await makeApp(options);
    made = { app, c: client(app) };
  });
  const ready = () => {
    if (!made) throw new Error('appPerFile: the mock is made in beforeAll; use it inside a test');
    return made;
  };
  const c: Client = {
    get: (path) => ready().c.get(path),
    post: (path, body) => ready().c.post(path, body),
    patch: (path, body) => ready().c.patch(path, body),
    delete: (path, body) => ready().c.delete(path, body),
    get raw() {
      return ready().c.raw;
    },
  };
  return {
    c,
    /** The app itself, for requests that must go without the token. */
    app: () => ready().app,
    fresh: () => `/scope${++tenant}/dev`,
  };
}

/** A JSON request log, parsed line by line as the mock writes it, and the logger that writes it. */
export function jsonLog() {
  const lines: { method: string; url: string; status: number; error?: string }[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ format: 'json', destination }) };
}

/** A server on a free port whose request log is collected (jsonLog). */
export async function loggedServer(options: Omit<ServerOptions, 'logger'> = {}) {
  const { lines, logger } = jsonLog();
  const server = await startServer({ port: 0, ...options, logger });
  return { lines, server };
}

/** Percent-encodes text; a lone surrogate, which encodeURIComponent refuses, as a client's UTF-8 bytes for it. */
export function percentEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const code = ch.charCodeAt(0);
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return out;
}

/** Turns of the event loop that passed while `work` was under way. */
export async function turnsDuring<T>(work: Promise<T>): Promise<{ value: T; turns: number }> {
  let done = false;
  let turns = 0;
  const tick = () => {
    if (done) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { value: await work, turns };
  } finally {
    done = true;
  }
}
