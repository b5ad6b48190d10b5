// The pure rules of PATCH /variants (src/domain/variants.ts); the route's tests send them over HTTP.
import { describe, expect, it } from 'vitest';
import { planVariantUpdates } from '../../src/domain/variants.js';
import type { CatalogProduct, VariantUpdateFields } from '../../src/domain/types.js';

const product = { productGroupId: 'p1', variants: [{ productId: 'v1' }], spaceIds: [] } as CatalogProduct;
const holders = (id: string) => (id === 'v1' ? [product] : []);

describe('planVariantUpdates', () => {
  it("refuses a price that does not name the item's variant, one naming none included, planning nothing", () => {
    // openapi.yaml requires productId in every element; the rule does not lean on it.
    for (const price of [{ productId: 'v2' }, {}]) {
      const item = {
        productId: 'v1',
        productPriceList: [
          { productId: 'v1', spaceId: 's1', listPrice: 1 },
          { spaceId: 's1', listPrice: 2, ...price },
        ],
      } as VariantUpdateFields;
      expect(() => planVariantUpdates(holders, [item], false), JSON.stringify(price)).toThrow(
        /^body\.data\[0\]\.productPriceList\[1\]\.productId is .* but the item updates variant "v1"/,
      );
    }
  });
});
