import request from 'supertest';
import type { Express } from 'express';
import { createApp, type MockOptions } from '../src/app.js';

export const TOKEN = { 'x-api-key': 'test-token' };
export const BASE = '/acme/dev';

/** A fresh mock with an empty seed unless one is given. */
export function makeApp(options: MockOptions = {}): Promise<Express> {
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
