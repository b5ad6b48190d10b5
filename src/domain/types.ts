// Record shapes come from openapi.yaml through the generated file, never written out by hand.
import type { components } from '../generated/openapi.js';

type Schemas = components['schemas'];

/** A stored product: the documented fields plus any undocumented top-level field, kept as sent. */
export type CatalogProduct = Schemas['CatalogProduct'] & { [field: string]: unknown };
export type ProductType = Schemas['ProductType'] & { [field: string]: unknown };
export type Variant = Schemas['Variant'] & { [field: string]: unknown };
export type VariantInfo = Schemas['VariantInfo'];
export type VariantUpdateFields = Schemas['VariantUpdateFields'] & { [field: string]: unknown };
export type OperationResponse = Schemas['OperationResponse'];
export type ProductItemResult = Schemas['ProductItemResult'];
export type VariantItemResult = Schemas['VariantItemResult'];
export type ProductTypeDeleteResult = Schemas['ProductTypeDeleteResult'];
export type ProductListResult = Schemas['ProductListResult'];
export type ProductQuery = Schemas['ProductQuery'];
export type FacetResult = Schemas['FacetResult'];
export type ErrorBody = Schemas['Error'];
export type FilterByGroup = Schemas['FilterByGroup'];
export type PriceRange = Schemas['PriceRange'];
export type SortOptions = Schemas['SortOptions'];
export type ProductRecommendationSet = Schemas['ProductRecommendationSet'];

/**
 * A scope: the region, tenant and environment whose data is kept apart from every other's
 * (docs/behaviour.md, "Addressing").
 */
export interface ScopeKey {
  region: string;
  tenantId: string;
  environment: string;
}

/** What every scope starts from: a seed's products and product types (a dataset file's two arrays). */
export interface SeedData {
  products: readonly CatalogProduct[];
  productTypes: readonly ProductType[];
}
