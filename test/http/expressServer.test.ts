import express from 'express';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createExpressServer } from '../../src/index.js';
import { listenError, startServer } from '../../src/server.js';

describe('createExpressServer', () => {
  it("creates requests and responses with express's prototypes, so express need not change them", async () => {
    const app = express();
    app.get('/hello', (req, res) => {
      res.json({ query: req.query.name, path: req.path });
    });
    const server = createExpressServer(app);
    const born: boolean[] = [];
    server.prependListener('request', (req, res) => {
      born.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/hello?name=x`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ query: 'x', path: '/hello' });
      expect(born).toEqual([true]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('startServer', () => {
  it('says a port in use is in use, and what to do, keeping the code', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const failure = startServer({ port, seed: { products: [], productTypes: [] } });
      await expect(failure).rejects.toThrow(
        `Cannot listen: port ${port} on 127.0.0.1 is in use: stop what listens there, or give another port (0 picks a free one)`,
      );
      await expect(failure).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('says a host name that resolves to no address is one, and what to give instead, keeping the code', () => {
    // What node's listen reports for a typo such as --host locahost (no lookup is made here).
    for (const code of ['ENOTFOUND', 'EAI_AGAIN']) {
      const lookup = Object.assign(new Error(`getaddrinfo ${code} locahost`), { code });
      const said = listenError(lookup, 'locahost', 4010);
      expect(said.message).toBe(
        'Cannot listen: locahost is not an address, nor a name this machine resolves: give an address such as 127.0.0.1, 0.0.0.0 or ::1',
      );
      expect(said.code).toBe(code);
    }
  });

  it('refuses watch without a seedFile, which would watch nothing without a word', async () => {
    await expect(startServer({ watch: true, seed: { products: [], productTypes: [] } })).rejects.toThrow(
      'watch needs seedFile, the JSON dataset file to watch (and to serve, when no seed is given)',
    );
  });
});
