import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import type { Response } from 'express';
import {
  AnswerHold,
  ENCODED_CACHE_BYTES,
  SLAB_BYTES,
  SLAB_COUNT,
  recordBytes,
  slabUse,
} from '../../src/http/encodedCache.js';
import { sendData } from '../../src/http/respond.js';

const KiB = 1024;
// Five records fill a slab: a pass over the whole cache takes a few hundred.
const record = (id: string) => ({ productGroupId: id, padding: 'x'.repeat(200 * KiB) });
const PASS = (2 * ENCODED_CACHE_BYTES) / (200 * KiB);
const fillCache = (tag: string) => {
  for (let i = 0; i < PASS; i++) recordBytes(record(`${tag}-${i}`));
};

describe('the encoded record cache', () => {
  it('encodes a record as its JSON and serves the same bytes again', () => {
    const r = { productGroupId: 'p1', productName: [{ isoLanguageId: 'en-US', productName: 'Ä b' }] };
    const first = recordBytes(r);
    expect(first.toString()).toBe(JSON.stringify(r));
    expect(recordBytes(r)).toBe(first);
  });

  it('keeps to its slabs, dropping records not used since and keeping those in use', () => {
    const cold = record('cold');
    const hot = record('hot');
    const hotJson = JSON.stringify(hot);
    const coldBytes = Buffer.from(recordBytes(cold));
    recordBytes(hot);
    const stringify = vi.spyOn(JSON, 'stringify');
    for (let i = 0; i < PASS; i++) {
      recordBytes(record(`filler-${i}`));
      expect(recordBytes(hot).toString()).toBe(hotJson);
    }
    // Read all along, the hot record was never serialised again.
    expect(stringify.mock.calls.filter(([value]) => value === hot)).toHaveLength(0);
    stringify.mockRestore();
    expect(slabUse().allocated).toBe(SLAB_COUNT);
    // The cold record's slab was reused: it is encoded again, to the same bytes.
    expect(recordBytes(cold).equals(coldBytes)).toBe(true);
  });

  it('never reuses a slab an answer is taken from, even for the same answer, until it is released', () => {
    const records = Array.from({ length: PASS }, (_, i) => record(`answer-${i}`));
    const hold = new AnswerHold();
    // More than the whole ring in one answer: the first records' slabs must survive the last ones.
    const chunks = records.map((r) => hold.bytes(r));
    chunks.forEach((bytes, i) => expect(bytes.toString()).toBe(JSON.stringify(records[i])));
    expect(slabUse()).toEqual({ allocated: SLAB_COUNT, held: SLAB_COUNT });
    const first = Buffer.from(chunks[0] as Buffer);
    fillCache('while-held');
    expect((chunks[0] as Buffer).equals(first)).toBe(true);
    hold.release();
    expect(slabUse().held).toBe(0);
    fillCache('after-release');
    expect((chunks[0] as Buffer).equals(first)).toBe(false);
  });

  it('does not cache a record larger than a quarter slab', () => {
    const big = { productGroupId: 'big', padding: 'y'.repeat(SLAB_BYTES / 2) };
    const hold = new AnswerHold();
    expect(hold.bytes(big).toString()).toBe(JSON.stringify(big));
    expect(hold.holding).toBe(false);
  });
});

describe('sendData and the cache', () => {
  const app = express();
  const records = Array.from({ length: 20 }, (_, i) => record(`sent-${i}`));
  const source = { holds: (value: object) => records.includes(value as (typeof records)[number]) };
  app.get('/', (_req, res) => sendData(res, { list: records }, source));

  it('answers from the cache and lets go of its slabs once the answer is written', async () => {
    for (let round = 0; round < 3; round++) {
      const res = await request(app).get('/');
      expect(res.status).toBe(200);
      expect(res.body.data.list.map((p: { productGroupId: string }) => p.productGroupId)).toEqual(
        records.map((r) => r.productGroupId),
      );
    }
    await vi.waitFor(() => expect(slabUse().held).toBe(0));
  });

  it('caches only what the answer names as stored records', async () => {
    const fresh = Array.from({ length: 3 }, (_, i) => record(`named-${i}`));
    const named = express();
    named.get('/held', (_req, res) => sendData(res, { list: fresh }, { holds: (v) => v === fresh[0] }));
    const stringify = vi.spyOn(JSON, 'stringify');
    for (let round = 0; round < 2; round++) expect((await request(named).get('/held')).status).toBe(200);
    const calls = (value: object) => stringify.mock.calls.filter(([v]) => v === value).length;
    // The record held is encoded once and then sent from the cache; the others are encoded per answer.
    expect(calls(fresh[0] as object)).toBe(1);
    expect(calls(fresh[1] as object)).toBe(2);
    stringify.mockRestore();
  });

  it('writes nothing and holds nothing for a client already gone', () => {
    const res = { destroyed: true, write: vi.fn(), end: vi.fn() } as unknown as Response;
    sendData(res, { list: records }, source);
    expect(res.write).not.toHaveBeenCalled();
    expect(slabUse().held).toBe(0);
  });
});
