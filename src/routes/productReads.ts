import type { OpenAPIV3 } from 'openapi-types';
import { notFound } from '../domain/errors.js';
import { noFilter, parseFilter } from '../domain/filter.js';
import { normalizeBarcode } from '../domain/barcode.js';
import { parseListQuery, runListQueryInTurns, type ListParameters } from '../query/productQuery.js';
import { compareIds, productTypeMatches } from '../domain/productTypes.js';
import { recommendations } from '../domain/recommendations.js';
import { searchWords } from '../domain/search.js';
import { applySelect, parseSelect, selectNotes } from '../domain/select.js';
import { sortableFields } from '../domain/sort.js';
import type { CatalogProduct } from '../domain/types.js';
import type { ScopeFields } from '../domain/fieldPath.js';
import { variantsGroupOf, withGroupVariants } from '../domain/variantsGroup.js';
import { dataAnswer } from '../pipeline/answers.js';
import type { Scope } from '../store/scope.js';
import {
  productNotFound,
  scopeKeyOf,
  scopeOf,
  type OperationCall,
  type OperationHandlers,
  type RouteContext,
} from './context.js';
import { shown } from '../domain/given.js';

/** GET /search answers at most this many products. */
const SEARCH_LIMIT = 50;

type ProductSchema = Parameters<typeof sortableFields>[0];

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
function presenter(
  scope: Scope,
  query: OneProductQuery,
  fields: ScopeFields,
): (product: CatalogProduct) => CatalogProduct | undefined {
  const filter = noFilter(query.filter) ? undefined : parseFilter(query.filter, fields);
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
  fields: ScopeFields,
  code: string,
  query: OneProductQuery,
  what: string,
): { productDetails: CatalogProduct; productId: string } {
  const present = presenter(scope, query, fields);
  for (const hit of scope.variantsByBarcode(normalizeBarcode(code))) {
    const productDetails = present(hit.product);
    if (productDetails) return { productDetails, productId: hit.productId };
  }
  throw notFound(
    `No product has a variant with ${what}${noFilter(query.filter) ? '' : ' that matches the filter'}`,
  );
}

/** Says in the request log which names of a select are paths, which it does not answer. */
export function noteSelect(call: OperationCall, select: unknown): void {
  if (typeof select === 'string') for (const text of selectNotes(select)) call.note?.(text);
}

/** Sortable fields come from openapi.yaml's CatalogProduct: one source of truth. */
export const sortableOf = (document: OpenAPIV3.Document): ReadonlySet<string> =>
  sortableFields((document.components?.schemas?.CatalogProduct ?? {}) as ProductSchema);

/** Product reads: list, get by id, barcode, search, recommendations. */
export function productReadOperations(ctx: RouteContext): OperationHandlers {
  const sortable = sortableOf(ctx.document);
  const list = async (call: OperationCall, params: ListParameters) => {
    const query = parseListQuery(params, sortable, scopeKeyOf(call));
    noteSelect(call, params.select);
    const scope = scopeOf(ctx, call);
    // In turns: a costly filter or facets must not hold every other request (docs/behaviour.md, "Parameters").
    return dataAnswer(await runListQueryInTurns(scope.products(), query), scope);
  };
  return {
    listProducts: (call) => list(call, call.query as ListParameters),
    queryProducts: (call) => list(call, call.body as ListParameters),

    getProduct: (call) => {
      const id = call.params.productGroupId as string;
      const scope = scopeOf(ctx, call);
      // Made first: a malformed filter or select is a 400 whether or not the id names a product,
      // as in the barcode lookup, not a 404 that hides it.
      const present = presenter(scope, call.query as OneProductQuery, scopeKeyOf(call));
      noteSelect(call, call.query.select);
      const stored = scope.product(id);
      const product = stored && present(stored);
      if (!product) {
        throw stored ? notFound(`Product ${shown(id)} does not match the filter`) : productNotFound(id);
      }
      return dataAnswer(product, scope);
    },

    getProductByBarcode: (call) => {
      const code = call.params.barcode as string;
      const scope = scopeOf(ctx, call);
      noteSelect(call, call.query.select);
      return dataAnswer(
        barcodeLookup(scope, scopeKeyOf(call), code, call.query as OneProductQuery, `barcode ${shown(code)}`),
        scope,
      );
    },

    search: async (call) => {
      // filter is beyond the specification (the published client sends it): it narrows the products only.
      const { term, select, filter } = call.query as { term: string; select?: string; filter?: string };
      const scope = scopeOf(ctx, call);
      const query = parseListQuery(
        { search: term, select, filter, limit: SEARCH_LIMIT },
        sortable,
        scopeKeyOf(call),
        'term',
      );
      noteSelect(call, select);
      const products = (await runListQueryInTurns(scope.products(), query)).list;
      // The term's words, checked against their limits by parseListQuery above: one term, one meaning.
      const words = searchWords(term);
      const productTypes = scope
        .productTypes()
        .filter((type) => productTypeMatches(type, words))
        .sort((a, b) => compareIds(a.productTypeId, b.productTypeId));
      return dataAnswer({ products, productTypes }, scope);
    },

    getProductRecommendations: (call) => {
      const id = call.params.productGroupId as string;
      const scope = scopeOf(ctx, call);
      const product = scope.product(id);
      if (!product) throw productNotFound(id);
      return dataAnswer(
        recommendations(product, (other) => scope.product(other)),
        scope,
      );
    },
  };
}
