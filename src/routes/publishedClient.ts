// The read operations the published client calls beyond the specification (openapi.yaml's tag
// "Beyond the specification"): docs/behaviour.md, "What the published client calls beyond the specification".
import { notFound } from '../domain/errors.js';
import { eanOfGtin, type GtinDecoder } from '../domain/epc.js';
import { normalizeBarcode } from '../domain/barcode.js';
import { parseIdList } from '../domain/lists.js';
import { productFilters } from '../domain/productFilters.js';
import { recommendationSet, type RecommendationInclusion } from '../domain/recommendationSet.js';
import { snapshotCache } from '../query/snapshotCache.js';
import { sortOptions } from '../domain/sortOptions.js';
import { compareIds } from '../domain/productTypes.js';
import type { CatalogProduct } from '../domain/types.js';
import { someValueAt } from '../domain/fieldPath.js';
import { dataAnswer } from '../pipeline/answers.js';
import {
  productNotFound,
  scopeKeyOf,
  scopeOf,
  type OperationHandlers,
  type RouteContext,
} from './context.js';
import { barcodeLookup, noteSelect, sortableOf, type OneProductQuery } from './productReads.js';
import { shown } from '../domain/given.js';

/** The languages of a catalog: those of its product names, sorted; kept per snapshot. */
const languagesOf = snapshotCache<string[]>(1);
const catalogLanguages = (products: readonly CatalogProduct[]): string[] =>
  languagesOf(products, 'languages', () => {
    const languages = new Set<string>();
    for (const p of products) for (const name of p.productName ?? []) languages.add(name.isoLanguageId);
    return [...languages].sort(compareIds);
  });

/** The published client's own sortable keys (its SortableKeys): always offered. */
const CLIENT_SORTABLE: ReadonlySet<string> = new Set([
  'productGroupId',
  'introductionDate',
  'plannedAbandonmentDate',
  'shellLifeDays',
]);

/**
 * The client's sortable keys, and the other sortable fields some product of the catalog has a value
 * in, kept per snapshot: a field no product has sorts nothing, and a dropdown offering it does
 * nothing (docs/behaviour.md, "What the published client calls beyond the specification").
 */
const fieldsInUse = snapshotCache<string[]>(1);
const sortedBy = (products: readonly CatalogProduct[], sortable: Iterable<string>): string[] =>
  fieldsInUse(products, 'sortable', () =>
    [...sortable].filter((field) => {
      const path = field.split('/');
      return CLIENT_SORTABLE.has(field) || products.some((p) => someValueAt(p, path, () => true));
    }),
  );

export function publishedClientOperations(ctx: RouteContext, decodeEpc: GtinDecoder): OperationHandlers {
  const sortable = sortableOf(ctx.document);
  return {
    getProductFilters: (call) => {
      const { productTypes, filterKeys } = call.query as { productTypes?: string; filterKeys?: string };
      const scope = scopeOf(ctx, call);
      const products = scope.products();
      // One type or key holding a comma, sent alone, is known by the catalog (parseIdList).
      const types = parseIdList(productTypes, (id) => scope.productType(id) !== undefined);
      const keys = parseIdList(filterKeys, (key) =>
        products.some((p) => p.productFeature?.some((f) => f.productFeatureType === key)),
      );
      return dataAnswer(productFilters(products, types, keys, scopeKeyOf(call)));
    },

    getProductSortOptions: (call) => {
      const { isoLanguageId } = call.query as { isoLanguageId?: string };
      const products = scopeOf(ctx, call).products();
      const languages = isoLanguageId ? [isoLanguageId] : catalogLanguages(products);
      return dataAnswer(sortOptions(sortedBy(products, sortable), languages));
    },

    getProductRecommendationsByProductId: (call) => {
      const id = call.params.productGroupId as string;
      const { recommendationInclusion, limit } = call.query as unknown as {
        recommendationInclusion: RecommendationInclusion;
        limit: number;
      };
      const scope = scopeOf(ctx, call);
      const product = scope.product(id);
      if (!product) throw productNotFound(id);
      const lookup = (other: string) => scope.product(other);
      return dataAnswer(
        recommendationSet(product, scope.products(), lookup, recommendationInclusion, limit),
        scope,
      );
    },

    getProductEanByEpc: (call) => {
      const epc = call.params.epc as string;
      const gtin = decodeEpc(epc);
      const scope = scopeOf(ctx, call);
      if (scope.variantsByBarcode(normalizeBarcode(gtin)).length === 0) {
        throw notFound(`No product has a variant with the GTIN ${gtin} of EPC ${shown(epc)}`);
      }
      return dataAnswer(eanOfGtin(gtin));
    },

    getProductByEpc: (call) => {
      const code = call.params.code as string;
      const gtin = decodeEpc(code);
      const scope = scopeOf(ctx, call);
      noteSelect(call, call.query.select);
      const found = barcodeLookup(
        scope,
        scopeKeyOf(call),
        gtin,
        call.query as OneProductQuery,
        `the GTIN ${gtin} of EPC ${shown(code)}`,
      );
      return dataAnswer(found, scope);
    },
  };
}
