import { describe, expect, it } from 'vitest';
import { ValueSharing } from '../../src/seed/sharedValues.js';

const name = (text: string) => [{ isoLanguageId: 'en-US', productName: text }];

describe('values shared between the products of a seed file', () => {
  it('makes equal values of a field one value, and leaves the records equal to what was parsed', () => {
    const sharing = new ValueSharing();
    const parsed = [
      { productGroupId: 'A', productName: name('Chair'), brand: [{ brandName: 'Oak' }] },
      { productGroupId: 'B', productName: name('Chair'), brand: [{ brandName: 'Elm' }] },
      { productGroupId: 'C', productName: name('Table'), brand: [{ brandName: 'Oak' }] },
    ];
    const before = structuredClone(parsed);
    const [a, b, c] = parsed.map((p) => sharing.share(p)) as typeof parsed;
    expect(parsed).toEqual(before);
    expect(b!.productName).toBe(a!.productName);
    expect(c!.brand).toBe(a!.brand);
    expect(c!.productName).not.toBe(a!.productName);
    expect(b!.brand).not.toBe(a!.brand);
  });

  it('shares only values of the same field', () => {
    const sharing = new ValueSharing();
    const a = sharing.share({ productTags: ['new'], productLabel: ['new'] }) as Record<string, unknown>;
    expect(a.productLabel).not.toBe(a.productTags);
  });

  it('never shares a value holding null: a number beyond a double reads as Infinity, written as null too', () => {
    const sharing = new ValueSharing();
    const a = sharing.share(JSON.parse('{"customProperties":{"weight":1e400}}')) as Record<string, never>;
    const b = sharing.share(JSON.parse('{"customProperties":{"weight":null}}')) as Record<string, never>;
    expect(a.customProperties).toEqual({ weight: Infinity });
    expect(b.customProperties).toEqual({ weight: null });
  });

  it('stops keying a field whose values all differ, and keeps sharing one whose values repeat', () => {
    const sharing = new ValueSharing();
    const records = Array.from({ length: 12_000 }, (_, i) => ({
      productPriceList: [{ listPrice: i }],
      spaceIds: [i % 2 === 0 ? 'store' : 'web'],
    }));
    for (const record of records) sharing.share(record);
    // Past its first 1,000 values, all different, the price list is no longer looked at: two equal
    // ones given later stay two values (no key is kept for them).
    const late = [{ productPriceList: [{ listPrice: -1 }] }, { productPriceList: [{ listPrice: -1 }] }];
    for (const record of late) sharing.share(record);
    expect(late[1]!.productPriceList).not.toBe(late[0]!.productPriceList);
    expect(late[1]!.productPriceList).toEqual(late[0]!.productPriceList);
    // Two distinct values in 12,000: still shared after the second look at 10,000.
    expect(records[11_998]!.spaceIds).toBe(records[0]!.spaceIds);
    expect(records[11_999]!.spaceIds).toBe(records[1]!.spaceIds);
  });

  it('leaves anything but a record as it is', () => {
    const sharing = new ValueSharing();
    for (const value of [null, 3, 'x', [1, 2]]) expect(sharing.share(value)).toBe(value);
  });
});

describe('strings shared between the products of a seed file', () => {
  it('leaves every record equal to what was parsed, also when an earlier one is frozen', () => {
    const sharing = new ValueSharing();
    const record = (id: string) =>
      JSON.parse(
        JSON.stringify({
          productGroupId: id,
          variants: [{ productId: `${id}-variant-long-enough` }],
          productPriceList: [
            { productId: `${id}-variant-long-enough`, spaceId: 'stockholm-drottninggatan', listPrice: 1 },
            { productId: `${id}-variant-long-enough`, spaceId: 'london-regent-street', listPrice: 2 },
          ],
          productName: name('x'.repeat(100)),
          brand: [{ brandName: 'Oak' }],
        }),
      ) as Record<string, unknown>;
    // Frozen once stored, as the store does under test: a later record sharing its values must not
    // write to it.
    const first = Object.freeze(sharing.share(record('A')) as object);
    const later = ['B', 'A', 'C'].map((id) => ({ id, shared: sharing.share(record(id)) }));
    expect(first).toEqual(record('A'));
    for (const { id, shared } of later) expect(shared).toEqual(record(id));
  });
});
