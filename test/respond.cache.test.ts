import { describe, expect, it } from 'vitest';
import { ENCODED_CACHE_BYTES, recordBytes } from '../src/http/respond.js';

const MiB = 1024 * 1024;
const record = (id: string) => ({ productGroupId: id, padding: 'x'.repeat(MiB) });

describe('the encoded record cache', () => {
  it('encodes a record as its JSON and serves the same bytes again', () => {
    const r = { productGroupId: 'p1', productName: [{ isoLanguageId: 'en-US', productName: 'Ä b' }] };
    const first = recordBytes(r);
    expect(first.toString()).toBe(JSON.stringify(r));
    expect(recordBytes(r)).toBe(first);
  });

  it('keeps to its budget, dropping records not used since and keeping those in use', () => {
    const cold = record('cold');
    const hot = record('hot');
    const coldBytes = recordBytes(cold);
    const hotBytes = recordBytes(hot);
    const passes = Math.ceil((2 * ENCODED_CACHE_BYTES) / MiB);
    for (let i = 0; i < passes; i++) {
      recordBytes(record(`filler-${i}`));
      expect(recordBytes(hot)).toBe(hotBytes);
    }
    const again = recordBytes(cold);
    expect(again).not.toBe(coldBytes);
    expect(again.equals(coldBytes)).toBe(true);
  });
});
