// Which batch items the contract suite holds back from a deployment: those whose id could be stored
// under a name of the deployment's making, outside the run's prefix (src/contract/itemIds.ts).
import { describe, expect, it } from 'vitest';
import { apiDocument } from '../../src/generated/apiDocument.js';
import { OperationTable } from '../../src/openapi/operations.js';
import { itemWithoutId } from '../../src/contract/itemIds.js';

const push = new OperationTable(apiDocument, '/{tenantId}/{environment}').operations.find(
  (op) => op.operationId === 'pushProducts',
)!;
const batch = (...ids: unknown[]) => ({
  data: ids.map((id) => (id === undefined ? { productName: [] } : { productGroupId: id })),
});

describe('itemWithoutId', () => {
  it('passes items whose id is a non-empty string, or one in a list of one', () => {
    expect(itemWithoutId(push, batch('ct-1-p0', 'ct-1-p1'))).toBeUndefined();
    expect(itemWithoutId(push, batch(['ct-1-wrong-type']))).toBeUndefined();
  });

  it('names the id field when any item has none, or one a deployment could store under another name', () => {
    for (const id of [undefined, null, '', 0, 7, true, {}, [], ['a', 'b'], ['']]) {
      expect(itemWithoutId(push, batch('ct-1-p0', id)), JSON.stringify(id)).toBe('productGroupId');
    }
  });

  it('says nothing of a body with no batch', () => {
    expect(itemWithoutId(push, { data: 'not-an-array' })).toBeUndefined();
    expect(itemWithoutId(push, null)).toBeUndefined();
  });
});
