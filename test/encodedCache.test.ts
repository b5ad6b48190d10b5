import { describe, expect, it, vi } from 'vitest';
import {
  ENCODED_CACHE_BYTES,
  SLAB_BYTES,
  SLAB_COUNT,
  hold,
  recordBytes,
  slabCount,
} from '../src/http/encodedCache.js';

const KiB = 1024;
// Five records fill a slab: a pass over the whole cache takes a few hundred.
const record = (id: string) => ({ productGroupId: id, padding: 'x'.repeat(200 * KiB) });
const fillCache = (tag: string) => {
  for (let i = 0; i < (2 * ENCODED_CACHE_BYTES) / (200 * KiB); i++) recordBytes(record(`${tag}-${i}`));
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
    for (let i = 0; i < (2 * ENCODED_CACHE_BYTES) / (200 * KiB); i++) {
      recordBytes(record(`filler-${i}`));
      expect(recordBytes(hot).toString()).toBe(hotJson);
    }
    // Read all along, the hot record was never serialised again.
    expect(stringify.mock.calls.filter(([value]) => value === hot)).toHaveLength(0);
    stringify.mockRestore();
    expect(slabCount()).toBe(SLAB_COUNT);
    // The cold record's slab was reused: it is encoded again, to the same bytes.
    expect(recordBytes(cold).equals(coldBytes)).toBe(true);
  });

  it('never overwrites a slab an answer is still written from', () => {
    const r = record('in-flight');
    const bytes = recordBytes(r);
    const copy = Buffer.from(bytes);
    const release = hold(['{"data":', bytes, '}']);
    expect(release).toBeDefined();
    fillCache('while-held');
    expect(bytes.equals(copy)).toBe(true);
    expect(slabCount()).toBeLessThanOrEqual(SLAB_COUNT);
    release?.();
    fillCache('after-release');
    expect(bytes.equals(copy)).toBe(false);
  });

  it('holds nothing for answers with no cached bytes, and does not cache a record larger than a quarter slab', () => {
    expect(hold(['{"data":[]}', Buffer.from('x')])).toBeUndefined();
    const big = { productGroupId: 'big', padding: 'y'.repeat(SLAB_BYTES / 2) };
    const bytes = recordBytes(big);
    expect(bytes.toString()).toBe(JSON.stringify(big));
    expect(hold([bytes])).toBeUndefined();
  });
});
