// The drift report's requests: every read operation of openapi.yaml has requests written for it, and
// they are chosen from the recorded catalog.
import { describe, expect, it } from 'vitest';
import { epcOf, planReads, READ_BUILDERS, UNKNOWN_ID } from '../../src/cli/drift/plan.js';
import { OperationTable } from '../../src/openapi/operations.js';
import { loadApiDocument } from '../../src/openapi/apiDocument.js';
import { gtinOfEpc } from '../../src/routes/epcDecoder.js';

const operations = async () =>
  new OperationTable(await loadApiDocument(), '/{tenantId}/{environment}').operations;

const catalog = {
  products: [
    {
      productGroupId: 'p2',
      productName: [{ isoLanguageId: 'en-GB', productName: 'Linen summer shirt' }],
      productType: ['shirts'],
      variants: [{ productId: 'p2-v1', universalProductCode: ['0012345678905'] }],
      shellLifeDays: 5,
    },
    {
      productGroupId: 'p1',
      productName: [{ isoLanguageId: 'en-GB', productName: 'Wool winter coat' }],
      productType: ['coats'],
      relatedProductGroups: [{ relatedProductGroupId: 'p2' }],
      shellLifeDays: 5,
    },
  ],
  productTypes: [{ productTypeId: 'shirts' }, { productTypeId: 'coats' }],
};

describe('planReads', () => {
  it('has requests written for every read operation of openapi.yaml (a new one fails here until it has)', async () => {
    const reads = (await operations()).filter((op) => op.safe).map((op) => op.operationId);
    expect(Object.keys(READ_BUILDERS).sort()).toEqual([...reads].sort());
  });

  it('still sends a read operation no requests were written for, from the document alone', async () => {
    const ops = await operations();
    const listProducts = ops.find((op) => op.operationId === 'listProducts')!;
    const added = { ...listProducts, operationId: 'getNewThing', template: '/new-things/{productGroupId}' };
    const plan = planReads([added], catalog, { tenant: 'acme' });
    expect(plan).toEqual([
      expect.objectContaining({ operationId: 'getNewThing', method: 'GET', path: '/new-things/p1' }),
    ]);
  });

  it('leaves writes out', async () => {
    const plan = planReads(await operations(), catalog, { tenant: 'acme' });
    expect(plan.every((r) => r.method === 'GET' || r.operationId === 'queryProducts')).toBe(true);
  });

  it('chooses from the catalog: a tie field, a barcode with its leading zeros and without, related products', async () => {
    const plan = planReads(await operations(), catalog, { tenant: 'acme' });
    const paths = plan.map((r) => decodeURIComponent(r.path));
    expect(paths).toContain('/products?sort=shellLifeDays asc&limit=25');
    expect(paths).toContain('/products-barcode/0012345678905');
    expect(paths).toContain('/products-barcode/12345678905');
    expect(paths).toContain('/products-barcode/00012345678905');
    expect(paths).toContain('/product-recommendations/p1');
    expect(paths).toContain(`/products/${UNKNOWN_ID}`);
    expect(paths).toContain('/products?filter={"eq":["tenantId","acme"]}&limit=5');
    expect(plan.filter((r) => r.token === 'none').map((r) => r.operationId)).toEqual([
      'listProducts',
      'queryProducts',
      'getProduct',
    ]);
  });

  it('marks the reads that depend on the whole catalog, and not those of named records', async () => {
    const plan = planReads(await operations(), catalog, { tenant: 'acme' });
    const of = (about: string) => plan.find((r) => r.about === about)!;
    expect(of('defaults: first page, default order').wholeCatalog).toBe(true);
    expect(of('one product').wholeCatalog).toBe(false);
    // p1's related product p2 was recorded: its recommendations depend on the recording alone
    expect(of('a product with related products').wholeCatalog).toBe(false);
  });
});

describe('epcOf', () => {
  it('writes an SGTIN that decodes to the GTIN of the barcode', () => {
    for (const code of ['7350048545357', '0012345678905', '12345670']) {
      const epc = epcOf(code)!;
      expect(gtinOfEpc(epc)).toBe(code.padStart(14, '0'));
    }
    expect(epcOf('abc')).toBeUndefined();
  });
});
