import { describe, expect, it } from 'vitest';
import { Store } from '../src/store/store.js';
import type { ScopeChange } from '../src/store/scope.js';
import { ids } from './readsFixtures.js';

const scopeKey = { region: 'eu', tenantId: 'acme', environment: 'dev' };

describe('Scope.productsByVariantsGroup', () => {
  it('follows every write: group changes, the spec field name, replacement and deletion', async () => {
    const store = await Store.open({
      seed: {
        products: [
          { productGroupId: 'b', variantsGroupId: 'g' },
          { productGroupId: 'a', variantsByGroupId: 'g' },
          { productGroupId: 'c', variantsGroupId: 'h' },
        ],
        productTypes: [],
      },
    });
    const scope = () => store.scope(scopeKey);
    const write = (change: ScopeChange) => store.write(scopeKey, () => ({ change, result: undefined }));
    expect(ids(scope().productsByVariantsGroup('g'))).toEqual(['a', 'b']);

    await write({ products: [{ productGroupId: 'c', variantsGroupId: 'g' }] });
    expect(ids(scope().productsByVariantsGroup('g'))).toEqual(['a', 'b', 'c']);
    expect(scope().productsByVariantsGroup('h')).toEqual([]);

    await write({ products: [{ productGroupId: 'b' }], deletedProducts: ['a'] });
    expect(ids(scope().productsByVariantsGroup('g'))).toEqual(['c']);
    // The answer holds the current record, not the one indexed first.
    expect(scope().productsByVariantsGroup('g')[0]).toBe(scope().product('c'));
  });
});
