// The products of an indexed seed file, each read from the file when first used: a start then makes
// one small object per product instead of parsing 100,000 records (docs/performance.md, "Seed files
// served as read").
import { closeSync, openSync, readSync } from 'node:fs';
import { CatalogError } from '../domain/errors.js';
import type { CatalogProduct } from '../domain/types.js';
import type { SeedIndex } from './seedIndex.js';

export interface LazyProducts {
  products: CatalogProduct[];
  /**
   * Starts reading the products not read yet in the background; once is enough. `onRead` is called
   * once every product is read, in the background or by a request.
   */
  readRest(onRead?: () => void): void;
}

/** Closes the file of a catalog collected before every product of it was read. */
const closing = new FinalizationRegistry<{ fd?: number }>((file) => {
  if (file.fd !== undefined) closeSync(file.fd);
});

/**
 * How long the background reading runs between two turns of the event loop: a request waits at most
 * about this long behind it. Slices of 200 products (10 to 20 ms) held reads by id at 0.014 x
 * node:http while a 100,000-product catalog was read.
 */
const SLICE_MS = 3;

/** A product's position in its file, and what reads it; not enumerable, so no copy or JSON shows them. */
const POSITION = Symbol('seed file position');
const READ = Symbol('seed file reader');

type Holder = CatalogProduct & { [POSITION]: number; [READ]: (position: number) => CatalogProduct };

/**
 * One object per product of `file`: its productGroupId as a value, each other field as a getter that
 * reads and parses the product's line on first use and answers from it ever after, so that the
 * product is the same value however often it is read (caches key on the values' identity).
 * `prepare` is given each record as parsed, which nothing else holds yet.
 *
 * The file stays open until every product is read: `readRest` reads them in the background, a slice
 * per turn of the event loop, once a start is over (earlier, the slices ran between the start's own
 * steps and delayed it by all of them). A catalog dropped before (a reset read the file again) stops
 * being read, and its file is closed when it is collected.
 */
export function lazyProducts(
  file: string,
  index: SeedIndex,
  prepare: (record: CatalogProduct) => CatalogProduct,
): LazyProducts {
  const count = index.productGroupIds.length;
  // Dropped once every product is read: what it keeps to share values with later records goes too.
  let prepareRead: typeof prepare | undefined = prepare;
  const records = new Array<CatalogProduct | undefined>(count);
  // Held in an object the finalizer is given: it must not hold the products it waits for.
  const open: { fd?: number } = { fd: count > 0 ? openSync(file, 'r') : undefined };
  let left = count;
  let scratch = Buffer.allocUnsafe(64 * 1024);

  const read = (position: number): CatalogProduct => {
    const known = records[position];
    if (known) return known;
    const length = index.lengths[position] as number;
    if (length > scratch.length) scratch = Buffer.allocUnsafe(length);
    const got =
      open.fd === undefined ? 0 : readSync(open.fd, scratch, 0, length, index.starts[position] as number);
    const expected = index.productGroupIds[position] as string;
    let record: CatalogProduct | undefined;
    try {
      record =
        got === length ? (JSON.parse(scratch.toString('utf8', 0, length)) as CatalogProduct) : undefined;
    } catch {
      record = undefined;
    }
    // The index was written with the file; a file changed since cannot be read through it.
    if (record?.productGroupId !== expected) {
      // A 503 that says what to do, not a 500: nothing the request did caused it.
      throw new CatalogError(
        'storage-unavailable',
        `Seed file "${file}" changed while it was served (product "${expected}" is no longer where its index says): restart the mock`,
      );
    }
    records[position] = record = prepareRead ? prepareRead(record) : record;
    if (--left === 0) {
      close();
      prepareRead = undefined;
      whenRead?.();
    }
    return record;
  };

  const shapes = index.shapes.map(descriptorsOf);
  const products = new Array<CatalogProduct>(count);
  for (let i = 0; i < count; i++) {
    const product = { productGroupId: index.productGroupIds[i] } as Holder;
    Object.defineProperties(product, shapes[index.shapeOf[i] as number] as PropertyDescriptorMap);
    product[POSITION] = i;
    product[READ] = read;
    products[i] = product;
  }

  const close = () => {
    if (open.fd !== undefined) closeSync(open.fd);
    open.fd = undefined;
  };
  closing.register(products, open);

  const held = new WeakRef(products);
  let next = 0;
  let reading = false;
  let whenRead: (() => void) | undefined;
  const readSlice = () => {
    if (open.fd === undefined) return;
    if (held.deref() === undefined) return close();
    const until = performance.now() + SLICE_MS;
    while (next < count && performance.now() < until) read(next++);
    if (next < count) nextSlice();
  };
  // An immediate: the turn of the event loop before it lets every request that came in meanwhile
  // through, without waiting. Referenced: an unreferenced one runs only when something else wakes the
  // loop, and an idle server read nothing; a timer's wait of a millisecond or more per slice took the
  // reading of 100,000 products from about 15 to 26 s. A server's stop exits the process all the same.
  const nextSlice = () => setImmediate(readSlice);
  const readRest = (onRead?: () => void) => {
    if (reading) return;
    reading = true;
    if (left === 0) onRead?.();
    else whenRead = onRead;
    nextSlice();
  };
  return { products, readRest };
}

/**
 * One getter per key, shared by every product of every file: V8 keeps an object whose accessor
 * differs from the one its hidden class's transition holds as a slow dictionary, and building
 * 100,000 products of four shapes then took 3 to 4 s instead of under one.
 */
const getters = new Map<string, PropertyDescriptor>();

function getterOf(key: string): PropertyDescriptor {
  let descriptor = getters.get(key);
  if (!descriptor) {
    descriptor = {
      enumerable: true,
      configurable: true,
      get(this: Holder) {
        return this[READ](this[POSITION])[key];
      },
    };
    getters.set(key, descriptor);
  }
  return descriptor;
}

const HIDDEN: PropertyDescriptorMap = {
  [POSITION]: { value: -1, writable: true },
  [READ]: { value: undefined, writable: true },
};

/** The properties of a product with these keys, after its productGroupId (an index's keys start with it). */
function descriptorsOf(keys: readonly string[]): PropertyDescriptorMap {
  const descriptors: PropertyDescriptorMap = {};
  for (const key of keys.slice(1)) descriptors[key] = getterOf(key);
  return Object.assign(descriptors, HIDDEN);
}
