// A seed's records checked against openapi.yaml's schemas, for seed files (src/seed/resolve.ts) and
// the records given in code, to the msw handlers (src/msw/seed.ts) or to createApp and startServer
// (src/mock.ts): no file access.
import { deriveSpaceIds } from '../domain/spaceIds.js';
import type { CatalogProduct, ProductType } from '../domain/types.js';
import { readablePath } from '../openapi/readablePath.js';
import { holdsInfiniteNumber, infiniteNumberProblem, pathToInfiniteNumber } from './infiniteNumbers.js';
import type { Problem } from '../domain/problem.js';
import type { SchemaValidator } from '../openapi/schemaValidator.js';
import type { SeedData } from '../domain/types.js';

/**
 * Seeds known to conform, checked here or generated (generateDataset): a seed given in code that is
 * one of them, `resolveSeed`'s answer, is not checked again.
 */
const conforming = new WeakSet<SeedData>();

/** Notes that `seed` conforms to openapi.yaml, and returns it. */
export function conformingSeed(seed: SeedData): SeedData {
  conforming.add(seed);
  return seed;
}

/**
 * A seed given in code, `{ products, productTypes }` (either may be left out), checked as a seed
 * file's records are; `validator` is asked for only when there is something to check. A seed that
 * conforms already is returned as it is.
 */
export function checkGivenSeed(seed: Partial<SeedData>, validator: () => SchemaValidator): SeedData {
  if (conforming.has(seed as SeedData)) return seed as SeedData;
  refuseStrayKeys('seed', seed);
  const { products = [], productTypes = [] } = seed;
  if (!Array.isArray(products) || !Array.isArray(productTypes)) {
    throw new Error('seed: { products, productTypes } must hold two arrays');
  }
  if (products.length === 0 && productTypes.length === 0) return { products, productTypes };
  // A file's are refused as it is read, with their line (src/seed/file.ts); these have no text.
  // Walked fast first: the path is made only for a seed that holds one.
  const seedRecords = { products, productTypes };
  const infinite = holdsInfiniteNumber(seedRecords) ? pathToInfiniteNumber(seedRecords) : undefined;
  if (infinite) {
    const [section, index] = infinite.path;
    const record = section === 'products' ? products[index as number] : productTypes[index as number];
    const found = { path: infinite.path, written: String(infinite.found) };
    throw new Error(`seed: ${infiniteNumberProblem(found, record, true)}`);
  }
  return checkSeedRecords('seed', { products, productTypes }, validator());
}

/** The two lists a dataset holds; either may be left out. */
const DATASET_KEYS: ReadonlySet<string> = new Set(['products', 'productTypes']);

/**
 * Throws when `raw` holds anything but the two lists. Either list may be left out (an empty catalog),
 * so a misspelt "product", or another JSON file named by mistake (package.json), would otherwise
 * serve an empty catalog without a word. A file read record by record refuses them as well
 * (src/seed/file.ts). `label` starts the message (`Seed file "x.json"`).
 */
export function refuseStrayKeys(label: string, raw: object): void {
  const stray = Object.keys(raw).filter((key) => !DATASET_KEYS.has(key));
  if (stray.length === 0) return;
  const named = stray
    .slice(0, 3)
    .map((key) => JSON.stringify(key))
    .join(', ');
  const more = stray.length > 3 ? ` (and ${stray.length - 3} more)` : '';
  const verb = stray.length === 1 ? 'is' : 'are';
  throw new Error(
    `${label}: ${named}${more} ${verb} not part of a dataset, which holds "products" and "productTypes" only`,
  );
}

/**
 * Every record checked against its schema, ids unique; spaceIds computed where absent. Throws at the
 * first bad record; `label` starts the message (`Seed file "x.json"`).
 */
export function checkSeedRecords(
  label: string,
  raw: { products: unknown[]; productTypes: unknown[] },
  validator: SchemaValidator,
  onChecked?: (done: number, total: number) => void,
): SeedData {
  const products = checkRecords(
    label,
    raw.products,
    'products',
    'productGroupId',
    (p) => validator.checkComponent('CatalogProduct', p),
    onChecked,
  ) as CatalogProduct[];
  const productTypes = checkRecords(label, raw.productTypes, 'productTypes', 'productTypeId', (t) =>
    validator.checkComponent('ProductType', t),
  ) as ProductType[];
  return conformingSeed({
    products: products.map((p) => (p.spaceIds ? p : { ...p, spaceIds: deriveSpaceIds(p) })),
    productTypes,
  });
}

/** Records between two reports of the progress of a check. */
const CHECKED_STEP = 1000;

/** Throws at the first bad record, naming its index, its id and the fields at fault. */
function checkRecords(
  label: string,
  records: unknown[],
  section: string,
  idField: string,
  check: (record: unknown) => Problem[],
  onChecked?: (done: number, total: number) => void,
): unknown[] {
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    if (index % CHECKED_STEP === 0) onChecked?.(index, records.length);
    const id = (record as Record<string, unknown> | null)?.[idField];
    const where = `${label}: ${section}[${index}]` + (typeof id === 'string' ? ` (${idField} "${id}")` : '');
    const problems = check(record);
    if (problems.length > 0) {
      const listed = problems.slice(0, 3).map(describeProblem).join('; ');
      const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
      throw new Error(`${where}: ${listed}${more}`);
    }
    const first = seen.get(id as string);
    if (first !== undefined) throw new Error(`${where}: ${idField} repeats the one of ${section}[${first}]`);
    seen.set(id as string, index);
  });
  onChecked?.(records.length, records.length);
  return records;
}

/** "/productPriceList/0/listPrice" + "must be a number (got "9")" -> "productPriceList[0].listPrice must be a number (got "9")". */
function describeProblem({ path, message }: Problem): string {
  const field = readablePath(path);
  return field ? `${field} ${message}` : `record ${message}`;
}
