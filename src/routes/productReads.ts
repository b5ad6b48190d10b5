import type { Request, Response } from 'express';
import { notFound } from '../domain/errors.js';
import { parseFilter } from '../domain/filter.js';
import { normalizeBarcode } from '../domain/barcode.js';
import { parseListQuery, runListQuery, type ListParameters } from '../domain/productQuery.js';
import { compareIds, productTypeMatches } from '../domain/productTypes.js';
import { recommendations } from '../domain/recommendations.js';
import { applySelect, parseSelect } from '../domain/select.js';
import { sortableFields } from '../domain/sort.js';
import type { CatalogProduct } from '../domain/types.js';
import { variantsGroupOf, withGroupVariants } from '../domain/variantsGroup.js';
import { loadApiDocument } from '../http/apiDocument.js';
import { sendData } from '../http/respond.js';
import type { Scope } from '../store/scope.js';
import { scopeOf, type OperationHandlers, type RouteContext } from './context.js';

/** GET /search answers at most this many products. */
export const SEARCH_LIMIT = 50;

type ProductSchema = Parameters<typeof sortableFields>[0];

/** Sortable fields come from openapi.yaml's CatalogProduct: one source of truth. */
let sortable: Promise<ReadonlySet<string>> | undefined;
export const sortableOnce = (): Promise<ReadonlySet<string>> =>
  (sortable ??= loadApiDocument().then((doc) =>
    sortableFields((doc.components?.schemas?.CatalogProduct ?? {}) as ProductSchema),
  ));

/** The query parameters the validator has already checked and coerced (limit a number, flags booleans). */
export interface OneProductQuery {
  select?: string;
  filter?: string;
  includeProductsByVariantsByGroupId?: boolean;
}

/**
 * What GET /products/{id} and the barcode lookup answer for a found product: undefined when it fails
 * the filter, else the product with its variants group merged in (when asked), then selected.
 * The query's filter and select are parsed once per request.
 */
export function presenter(
  scope: Scope,
  query: OneProductQuery,
): (product: CatalogProduct) => CatalogProduct | undefined {
  const filter = query.filter === undefined ? undefined : parseFilter(query.filter);
  const select = parseSelect(query.select);
  return (product) => {
    if (filter && !filter(product)) return undefined;
    const group = query.includeProductsByVariantsByGroupId ? variantsGroupOf(product) : undefined;
    const merged =
      group === undefined ? product : withGroupVariants(product, scope.productsByVariantsGroup(group));
    return applySelect(merged, select);
  };
}

/**
 * The barcode lookup's answer: hits come lowest productGroupId first, and the first that passes
 * the filter answers; none is a 404 that names `what` was looked for.
 */
export function barcodeLookup(
  scope: Scope,
  code: string,
  query: OneProductQuery,
  what: string,
): { productDetails: CatalogProduct; productId: string } {
  const present = presenter(scope, query);
  for (const hit of scope.variantsByBarcode(normalizeBarcode(code))) {
    const productDetails = present(hit.product);
    if (productDetails) return { productDetails, productId: hit.productId };
  }
  throw notFound(
    `No product has a variant with ${what}${query.filter !== undefined ? ' that matches the filter' : ''}`,
  );
}

/** Product reads: list, get by id, barcode, search, recommendations. */
export function productReadOperations(ctx: RouteContext): OperationHandlers {
  const list = async (req: Request, res: Response, params: ListParameters) => {
    const query = parseListQuery(params, await sortableOnce());
    sendData(res, runListQuery(scopeOf(ctx, req, res).products(), query));
  };
  return {
    listProducts: (req, res) => list(req, res, req.query as ListParameters),
    queryProducts: (req, res) => list(req, res, req.body as ListParameters),

    getProduct: (req, res) => {
      const id = req.params.productGroupId as string;
      const scope = scopeOf(ctx, req, res);
      const stored = scope.product(id);
      const product = stored && presenter(scope, req.query as OneProductQuery)(stored);
      if (!product) {
        throw notFound(stored ? `Product "${id}" does not match the filter` : `Product "${id}" not found`);
      }
      sendData(res, product);
    },

    getProductByBarcode: (req, res) => {
      const code = req.params.barcode as string;
      sendData(
        res,
        barcodeLookup(scopeOf(ctx, req, res), code, req.query as OneProductQuery, `barcode "${code}"`),
      );
    },

    search: async (req, res) => {
      // filter is beyond the specification (the published client sends it): it narrows the products only.
      const { term, select, filter } = req.query as { term: string; select?: string; filter?: string };
      const scope = scopeOf(ctx, req, res);
      const query = parseListQuery(
        { search: term, select, filter, limit: SEARCH_LIMIT },
        await sortableOnce(),
      );
      const products = runListQuery(scope.products(), query).list;
      const productTypes = scope
        .productTypes()
        .filter((type) => productTypeMatches(type, term.trim()))
        .sort((a, b) => compareIds(a.productTypeId, b.productTypeId));
      sendData(res, { products, productTypes });
    },

    getProductRecommendations: (req, res) => {
      const id = req.params.productGroupId as string;
      const scope = scopeOf(ctx, req, res);
      const product = scope.product(id);
      if (!product) throw notFound(`Product "${id}" not found`);
      sendData(
        res,
        recommendations(product, (other) => scope.product(other)),
      );
    },
  };
}
