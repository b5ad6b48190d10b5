// `drift --write`: the kit's own small dataset pushed to both sides under a contract run prefix, so
// the data are identical by construction, then the write operations compared too, and every record
// of the run deleted afterwards (docs/drift.md, "--write").
import { deleteIds, describeFailedCalls, cleanupCommand } from '../../contract/cleanup.js';
import { newRunPrefix } from '../../contract/runPrefix.js';
import type { DocumentedOperation } from '../../openapi/operations.js';
import type { SeedData } from '../../domain/types.js';
import { feature, name, price, testBarcode } from '../../contract/suite/records.js';
import type { PlannedRequest, RecordedCatalog } from './plan.js';
import { answerOf } from './send.js';

type Json = Record<string, unknown>;

/** A dataset under one run prefix: two product types, six products with ties, barcodes, groups and relations. */
function kitDataset(prefix: string): RecordedCatalog {
  const id = (n: string) => `${prefix}drift-${n}`;
  const [shoes, bags] = [id('shoes'), id('bags')];
  const [gtin, ean] = [testBarcode(), testBarcode()];
  const product = (n: string, fields: Json): Json => ({
    productGroupId: id(n),
    variants: [{ productId: `${id(n)}-v1`, color: fields.color ?? 'black' }],
    ...fields,
  });
  const products = [
    product('a', {
      productName: [name('Alpha walking boot')],
      shellLifeDays: 30,
      introductionDate: '2020-01-01',
      productType: [shoes],
      brand: [{ isoLanguageId: 'en-GB', brandName: 'Acme' }],
      productPriceList: [price(`${id('a')}-v1`, 's1', 100)],
      productFeature: [feature(`${id('a')}-v1`, 'color', 'red'), feature(`${id('a')}-v1`, 'size', 'M')],
      variants: [{ productId: `${id('a')}-v1`, globalTradeItemNumber: [gtin], color: 'red' }],
      relatedProductGroups: [id('c'), id('b')].map((r) => ({
        relatedProductGroupId: r,
        productRelationshipType: 'Recommended',
      })),
    }),
    product('b', {
      productName: [name('Bravo walking shoe')],
      shellLifeDays: 30,
      introductionDate: '2021-01-01',
      productType: [shoes],
      brand: [{ isoLanguageId: 'en-GB', brandName: 'Acme' }],
      productPriceList: [price(`${id('b')}-v1`, 's1', 50)],
      productFeature: [feature(`${id('b')}-v1`, 'color', 'blue')],
      variants: [{ productId: `${id('b')}-v1`, europeanArticleNumber: [`0${ean}`], color: 'blue' }],
      variantsGroupId: id('group'),
    }),
    product('c', {
      productName: [name('Charlie sandal')],
      shellLifeDays: 10,
      introductionDate: '2020-01-01',
      productType: [shoes],
      brand: [{ isoLanguageId: 'en-GB', brandName: 'Bolt' }],
      productPriceList: [price(`${id('c')}-v1`, 's1', 150), price(`${id('c')}-v1`, 's2', 140)],
      variantsGroupId: id('group'),
    }),
    product('d', {
      productName: [name('Delta walking bag')],
      shellLifeDays: 10,
      productType: [bags],
      brand: [{ isoLanguageId: 'en-GB', brandName: 'Bolt' }],
      productPriceList: [price(`${id('d')}-v1`, 's2', 75)],
    }),
    product('e', {
      productName: [name('Echo tote')],
      shellLifeDays: 60,
      introductionDate: '2019-01-01',
      productType: [bags],
      productPriceList: [price(`${id('e')}-v1`, 's1', 75)],
    }),
    product('f', { productName: [name('Foxtrot')], productType: [bags] }),
  ];
  const productTypes = [
    { productTypeId: shoes, isRoot: true, title: [{ isoLanguageId: 'en-GB', label: 'Drift shoes' }] },
    { productTypeId: bags, isRoot: true, title: [{ isoLanguageId: 'en-GB', label: 'Drift bags' }] },
  ];
  return { products, productTypes };
}

/** A --write run: its prefix, its dataset, what was pushed, and how to remove it. */
export interface WriteRun {
  prefix: string;
  seed: SeedData;
  catalog: RecordedCatalog;
  /** The pushes that put the dataset in place, to compare like any write. */
  pushes: PlannedRequest[];
  /** The deployment's scope held records before the push: reads of the whole scope cannot agree. */
  othersPresent: boolean;
  /** The read plan with the reads of the whole scope marked so when othersPresent. */
  scope(plan: PlannedRequest[]): PlannedRequest[];
  /** Deletes every record of the run on both sides; the lines to print about what may remain. */
  cleanup(signal?: AbortSignal): Promise<string[]>;
}

/**
 * A run prefix, its dataset and the pushes that put it on both sides (product types, then products),
 * and whether the deployment's scope already holds records of its own.
 */
export async function prepareWrites(deploymentBase: string, apiKey: string): Promise<WriteRun> {
  const prefix = newRunPrefix();
  const catalog = kitDataset(prefix);
  const headers = { accept: 'application/json', 'content-type': 'application/json', 'x-api-key': apiKey };
  const before = await answerOf({
    method: 'GET',
    url: `${deploymentBase}/products?limit=1&select=productGroupId`,
    headers,
  });
  const types = await answerOf({ method: 'GET', url: `${deploymentBase}/product-types`, headers });
  const count = (before.body as { data?: { count?: number } } | undefined)?.data?.count ?? 0;
  const typeCount = Array.isArray((types.body as { data?: unknown[] } | undefined)?.data)
    ? (types.body as { data: unknown[] }).data.length
    : 0;
  const pushes: PlannedRequest[] = [
    {
      operationId: 'upsertProductTypes',
      method: 'POST',
      path: '/product-types',
      body: { data: catalog.productTypes },
      wholeCatalog: false,
      about: "the dataset's product types",
    },
    {
      operationId: 'pushProducts',
      method: 'POST',
      path: '/products-push',
      body: { data: catalog.products },
      wholeCatalog: false,
      about: "the dataset's products (merge push)",
    },
  ];
  const productIds = catalog.products.map((p) => String(p.productGroupId));
  const typeIds = catalog.productTypes.map((t) => String(t.productTypeId));
  // Only the deployment's: the mock and its records end with the run.
  const cleanup = async (signal?: AbortSignal): Promise<string[]> => {
    const target = { baseUrl: deploymentBase, apiKey };
    const failed = [
      ...(await deleteIds(target, 'products', productIds, signal)),
      ...(await deleteIds(target, 'productTypes', typeIds, signal)),
    ];
    if (failed.length === 0) return [];
    return [
      `drift: some records of this run may remain on the deployment:`,
      ...describeFailedCalls(failed),
      `To remove them: ${cleanupCommand(prefix, deploymentBase)}`,
    ];
  };
  return {
    prefix,
    seed: catalog as unknown as SeedData,
    catalog,
    pushes,
    othersPresent: count > 0 || typeCount > 0,
    scope: (plan) =>
      plan.map((r) =>
        count > 0 || typeCount > 0
          ? {
              ...r,
              wholeCatalog:
                r.wholeCatalog || (r.operationId === 'listProductTypes' && !r.path.includes('ids=')),
            }
          : r,
      ),
    cleanup,
  };
}

/**
 * The writes compared after the reads, each followed by a read of what it changed; an error write
 * changes nothing. Sent in this order to both sides.
 */
export function writePlan(operations: readonly DocumentedOperation[], run: WriteRun): PlannedRequest[] {
  const id = (n: string) => `${run.prefix}drift-${n}`;
  const unknown = `${run.prefix}drift-unknown`;
  const methodOf = (operationId: string) =>
    operations.find((o) => o.operationId === operationId)?.method ?? 'GET';
  const step = (
    operationId: string,
    path: string,
    about: string,
    body?: unknown,
    token?: 'none',
  ): PlannedRequest => ({
    operationId,
    method: methodOf(operationId),
    path,
    ...(body === undefined ? {} : { body }),
    ...(token ? { token } : {}),
    wholeCatalog: false,
    about,
  });
  const read = (path: string, about: string) => step('getProduct', path, about);
  return [
    step('updateProducts', '/products', 'shallow update, and an unknown id', {
      data: [
        { productGroupId: id('a'), shellLifeDays: 45 },
        { productGroupId: unknown, shellLifeDays: 1 },
      ],
    }),
    read(`/products/${id('a')}`, 'after the shallow update'),
    step('pushProducts', '/products-push', 'merge push of a price in a new space', {
      data: [{ productGroupId: id('b'), productPriceList: [price(`${id('b')}-v1`, 's3', 55)] }],
    }),
    read(`/products/${id('b')}`, 'after the merge push'),
    step('updateVariants', '/variants', 'variant update with upsertSpaceIds', {
      data: [
        { productId: `${id('a')}-v1`, color: 'green', productPriceList: [price(`${id('a')}-v1`, 's4', 90)] },
      ],
      upsertSpaceIds: true,
    }),
    read(`/products/${id('a')}`, 'after the variant update'),
    step('overwriteProducts', '/products/push', 'overwrite push', {
      data: [
        { productGroupId: id('e'), productName: [name('Echo tote, replaced')], productType: [id('bags')] },
      ],
    }),
    read(`/products/${id('e')}`, 'after the overwrite push'),
    step('detachProducts', '/spaces/s1/products', 'detach from a space, and an unknown id', {
      data: [id('c'), unknown],
    }),
    read(`/products/${id('c')}`, 'after the detach'),
    step('deleteProducts', '/products', 'delete, and an unknown id', { data: [id('f'), unknown] }),
    read(`/products/${id('f')}`, 'after the delete'),
    step('upsertProductTypes', '/product-types', 'a root that names itself as its parent', {
      data: [{ productTypeId: id('bags'), parentId: id('bags'), isRoot: true }],
    }),
    step('getProductType', `/product-types/${id('bags')}`, 'after the upsert'),
    step('pushProducts', '/products-push', 'error: a record without productGroupId', {
      data: [{ shellLifeDays: 1 }],
    }),
    step('pushProducts', '/products-push', 'an empty batch', { data: [] }),
    step(
      'updateProducts',
      '/products',
      'error: no token',
      { data: [{ productGroupId: id('a'), shellLifeDays: 1 }] },
      'none',
    ),
    step('deleteProductTypes', '/product-types', 'delete a product type, and an unknown id', {
      data: [id('shoes'), unknown],
    }),
  ];
}
