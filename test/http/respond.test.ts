import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { firstText, sendData } from '../../src/http/respond.js';
import { JOURNAL_ANSWER_BYTES } from '../../src/workbench/requestJournal.js';

describe("the first 16 KiB of an answer's body, as the journal keeps them", () => {
  it('are its text from strings and cached bytes alike, up to the bound', () => {
    expect(firstText(['{"data":', Buffer.from('{"a":"é"}'), '}'])).toBe('{"data":{"a":"é"}}');
    const long = 'x'.repeat(JOURNAL_ANSWER_BYTES * 2);
    expect(firstText(['[', Buffer.from(long)])).toBe(`[${'x'.repeat(JOURNAL_ANSWER_BYTES - 1)}`);
  });

  it('end before a character the bound cuts, from bytes or from a string', () => {
    // 'é' is two bytes, '€' three, '𝄞' four: each made to straddle the bound.
    for (const char of ['é', '€', '𝄞']) {
      const before = 'x'.repeat(JOURNAL_ANSWER_BYTES - 1);
      for (const chunks of [[before + char + 'y'], [Buffer.from(before + char + 'y')]]) {
        expect(firstText(chunks)).toBe(before);
      }
    }
    const whole = 'x'.repeat(JOURNAL_ANSWER_BYTES - 2) + 'é';
    expect(firstText([Buffer.from(whole + 'y')])).toBe(whole);
  });
});

describe('a page of many stored records', () => {
  it('is encoded in turns, other work done between them, and written whole', async () => {
    // 10,000 products (85 MB) were encoded in one go, half a second in which no other request
    // was answered: a turn scheduled as the answer began found it written.
    const records = Array.from({ length: 2_000 }, (_, i) => ({ productGroupId: `p${i}`, n: i }));
    const held = new Set<object>(records);
    let endedAtFirstTurn: boolean | undefined;
    const app = express();
    app.get('/page', (_req, res) => {
      setImmediate(() => (endedAtFirstTurn = res.writableEnded));
      sendData(res, { list: records }, { holds: (value) => held.has(value) });
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/page`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: { list: records } });
      expect(endedAtFirstTurn).toBe(false);
    } finally {
      server.close();
    }
  });
});
