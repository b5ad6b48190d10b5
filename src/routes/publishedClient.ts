// The read operations the published client calls beyond the specification (openapi.yaml's tag
// "Beyond the specification"): docs/behaviour.md, "What the published client calls beyond the specification".
import { notFound } from '../domain/errors.js';
import { eanOfGtin, type GtinDecoder } from '../domain/epc.js';
import { normalizeBarcode } from '../domain/barcode.js';
import { parseKeyList, productFilters } from '../domain/productFilters.js';
import { recommendationSet, type RecommendationInclusion } from '../domain/recommendationSet.js';
import { snapshotCache } from '../domain/snapshotCache.js';
import { sortOptions } from '../domain/sortOptions.js';
import { compareIds } from '../domain/productTypes.js';
import type { CatalogProduct } from '../domain/types.js';
import { sendData } from '../http/respond.js';
import { scopeOf, type OperationHandlers, type RouteContext } from './context.js';
import { barcodeLookup, sortableOnce, type OneProductQuery } from './productReads.js';

/** The languages of a catalog: those of its product names, sorted; kept per snapshot. */
const languagesOf = snapshotCache<string[]>(1);
const catalogLanguages = (products: readonly CatalogProduct[]): string[] =>
  languagesOf(products, 'languages', () => {
    const languages = new Set<string>();
    for (const p of products) for (const name of p.productName ?? []) languages.add(name.isoLanguageId);
    return [...languages].sort(compareIds);
  });

export function publishedClientOperations(ctx: RouteContext, decodeEpc: GtinDecoder): OperationHandlers {
  return {
    getProductFilters: (req, res) => {
      const { productTypes, filterKeys } = req.query as { productTypes?: string; filterKeys?: string };
      const products = scopeOf(ctx, req, res).products();
      sendData(res, productFilters(products, parseKeyList(productTypes), parseKeyList(filterKeys)));
    },

    getProductSortOptions: async (req, res) => {
      const { isoLanguageId } = req.query as { isoLanguageId?: string };
      const languages = isoLanguageId ? [isoLanguageId] : catalogLanguages(scopeOf(ctx, req, res).products());
      sendData(res, sortOptions(await sortableOnce(), languages));
    },

    getProductRecommendationsByProductId: (req, res) => {
      const id = req.params.productGroupId as string;
      const { recommendationInclusion, limit } = req.query as unknown as {
        recommendationInclusion: RecommendationInclusion;
        limit: number;
      };
      const scope = scopeOf(ctx, req, res);
      const product = scope.product(id);
      if (!product) throw notFound(`Product "${id}" not found`);
      const lookup = (other: string) => scope.product(other);
      sendData(res, recommendationSet(product, scope.products(), lookup, recommendationInclusion, limit));
    },

    getProductEanByEpc: (req, res) => {
      const epc = req.params.epc as string;
      const gtin = decodeEpc(epc);
      const scope = scopeOf(ctx, req, res);
      if (scope.variantsByBarcode(normalizeBarcode(gtin)).length === 0) {
        throw notFound(`No product has a variant with the GTIN ${gtin} of EPC "${epc}"`);
      }
      sendData(res, eanOfGtin(gtin));
    },

    getProductByEpc: (req, res) => {
      const code = req.params.code as string;
      const gtin = decodeEpc(code);
      const found = barcodeLookup(
        scopeOf(ctx, req, res),
        gtin,
        req.query as OneProductQuery,
        `the GTIN ${gtin} of EPC "${code}"`,
      );
      sendData(res, found);
    },
  };
}
