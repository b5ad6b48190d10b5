// Half mock, half staging (docs/upstream.md): what a scope does not hold is read from a real
// deployment, stored in the scope as if it had been seeded, and answered; every write stays in the
// mock. Node-free: the global fetch only, through upstreamFetch (src/contract/sameOriginFetch.ts).
import { normalizeBarcode } from '../domain/barcode.js';
import type { CatalogProduct, ProductType } from '../domain/types.js';
import { JSON_CONTENT_TYPE, problemAnswer } from '../pipeline/answers.js';
import type { Wrapper, MockAnswer } from '../pipeline/types.js';
import {
  scopeKeyOf,
  type OperationCall,
  type OperationHandler,
  type OperationHandlers,
} from '../routes/context.js';
import type { ScopeChange } from '../store/scope.js';
import type { Store } from '../store/store.js';
import type { ScopeKey } from '../domain/types.js';
import { upstreamFetch, UpstreamFailure } from './upstreamFetch.js';

/** The header every API answer carries while an upstream is set: where the answer came from. */
const SOURCE_HEADER = 'x-mock-source';

/** What `startServer({ upstream })` and `serve --upstream` take. */
export interface UpstreamOptions {
  /** The deployment's address up to where the mock's own paths begin (no query, no credentials). */
  url: string;
  /** Sent as x-api-key to the deployment, and to nothing else; never logged or printed. */
  apiKey?: string;
  /** Milliseconds a request to the deployment may take before it answers 504; default 10,000. */
  timeoutMs?: number;
  /**
   * Copy a scope's products and product types in the background from its first read, then answer
   * its lists from the mock; default true. Without it, lists are always forwarded.
   */
  fill?: boolean;
}

/** What was fetched from the deployment, for `--upstream-record` (src/upstream/recording.ts). */
export interface Fetched {
  products: readonly CatalogProduct[];
  productTypes: readonly ProductType[];
}

export interface UpstreamHooks {
  /** A line for the log (progress of a scope's copy, its failure). */
  log?: (line: string) => void;
  /** Called after each batch of records fetched and stored, with everything fetched so far. */
  onFetched?: (fetched: Fetched) => void;
  /** Called when the store closes, once its writes are stored (a recording's last write). */
  onClose?: () => Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const PAGE_SIZE = 100;
/** A progress line every this many pages of a scope's copy, and at its end. */
const PROGRESS_EVERY_PAGES = 10;

/** Reads by id: fetched when the scope does not hold what they name. */
const BY_ID = ['getProduct', 'getProductByBarcode', 'getVariant', 'getProductType'] as const;

/** Reads over the whole catalog: forwarded until the scope is copied, then the mock's. */
const COLLECTION = new Set([
  'listProducts',
  'queryProducts',
  'search',
  'listProductTypes',
  'getProductRecommendations',
  'getProductRecommendationsByProductId',
  'getProductFilters',
  'getProductSortOptions',
  'getProductByEpc',
  'getProductEanByEpc',
]);

type FillState = 'running' | 'done' | 'failed';

interface Fill {
  state: FillState;
  done: Promise<void>;
  products: number;
}

/** What the mock remembers of one scope beside its records. */
interface ScopeState {
  /** Ids deleted in the mock: the deployment's record stays hidden. */
  deletedProducts: Set<string>;
  deletedTypes: Set<string>;
  /** The scope was written to in the mock: a forwarded list would not show it. */
  localWrites: boolean;
  fill?: Fill;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The upstream deployment, and where what is fetched from it is recorded (createMock's `upstream`). */
export interface MockUpstreamOptions extends UpstreamOptions {
  /** Write what was fetched to this seed file, replayable with `--seed FILE`. */
  record?: string;
  /** With record: names, descriptions, brands and media replaced, as `record --anonymize` does. */
  anonymize?: boolean;
}

/** The deployment's address, checked: http(s), no credentials, query or fragment; no trailing slash. */
export function checkUpstreamUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(
      `upstream "${url}" is not a URL: give the deployment's address, e.g. https://staging.example.com`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`upstream must be an http or https URL, not ${parsed.protocol}`);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new Error(
      'upstream must not hold credentials: give the key with --upstream-api-key-file or the environment',
    );
  }
  if (parsed.search !== '' || parsed.hash !== '') {
    throw new Error('upstream is the address up to where the API paths begin: without a query or fragment');
  }
  return parsed.href.replace(/\/+$/, '');
}

/**
 * The part of a request's path up to and including its environment, in the form it was sent
 * (docs/behaviour.md, "Addressing"): `/regions/eu/products/v1/tenants/acme/dev`, `/api/tenants/acme/dev`
 * or `/acme/dev`.
 */
export function scopePrefixOf(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const segments = path.split('/').slice(1);
  const first = segments[0]?.toLowerCase();
  const count = first === 'regions' ? 7 : first === 'api' && segments[1]?.toLowerCase() === 'tenants' ? 4 : 2;
  return '/' + segments.slice(0, count).join('/');
}

const scopeName = (key: ScopeKey): string => `${key.region}/${key.tenantId}/${key.environment}`;

/** The answer with the source header set. */
function sourced(answer: MockAnswer, source: 'upstream' | 'mock'): MockAnswer {
  answer.headers = { ...answer.headers, [SOURCE_HEADER]: source };
  return answer;
}

/** The 502 or 504 of a deployment that gave no usable answer, in the error format. */
function failureAnswer(failure: UpstreamFailure): MockAnswer {
  const what = failure.status === 504 ? 'Gateway timeout' : 'Bad gateway';
  return sourced(problemAnswer(failure.status, `${what}: ${failure.message}`), 'upstream');
}

/** One deployment behind the mock: its address, what was fetched from it, and each scope's state. */
export class Upstream {
  readonly url: string;
  readonly origin: string;
  readonly #apiKey: string | undefined;
  readonly #timeoutMs: number;
  readonly #fill: boolean;
  readonly #hooks: UpstreamHooks;
  #scopes = new Map<string, ScopeState>();
  /** Bumped by a reset: a copy started before it stops storing. */
  #generation = 0;
  readonly #fetchedProducts = new Map<string, CatalogProduct>();
  readonly #fetchedTypes = new Map<string, ProductType>();
  /** The store itself, set by observe(): what is fetched is stored through it, not noted as a local write. */
  #store: Store | undefined;

  constructor(options: UpstreamOptions, hooks: UpstreamHooks = {}) {
    this.url = checkUpstreamUrl(options.url);
    this.origin = new URL(this.url).origin;
    const key = options.apiKey?.trim();
    this.#apiKey = key === '' ? undefined : key;
    const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!Number.isFinite(timeout) || timeout <= 0) {
      throw new Error(`upstream timeoutMs must be a positive number of milliseconds, not ${String(timeout)}`);
    }
    this.#timeoutMs = timeout;
    this.#fill = options.fill ?? true;
    this.#hooks = hooks;
  }

  /** Whether a key is sent (for the banner: never the key itself). */
  get hasKey(): boolean {
    return this.#apiKey !== undefined;
  }

  /** Lists are copied, then answered by the mock (else always forwarded). */
  get fills(): boolean {
    return this.#fill;
  }

  /** Everything fetched so far. */
  fetched(): Fetched {
    return { products: [...this.#fetchedProducts.values()], productTypes: [...this.#fetchedTypes.values()] };
  }

  #state(key: ScopeKey): ScopeState {
    const name = scopeName(key);
    let state = this.#scopes.get(name);
    if (!state) {
      state = { deletedProducts: new Set(), deletedTypes: new Set(), localWrites: false };
      this.#scopes.set(name, state);
    }
    return state;
  }

  /**
   * The store as the mock's handlers and workbench use it: each write is noted (deleted ids hide the
   * deployment's records; a written scope's lists are no longer forwarded), and a reset forgets
   * what was fetched. A Proxy, so that the store's own code is untouched.
   */
  observe(store: Store): Store {
    this.#store = store;
    const write: Store['write'] = (key, plan) => {
      let change: ScopeChange | undefined;
      return store
        .write(key, (view) => {
          const planned = plan(view);
          change = planned.change;
          return planned;
        })
        .then((result) => {
          if (change) this.#noteWrite(key, change);
          return result;
        });
    };
    const writeInTurns: Store['writeInTurns'] = (key, plan, pause) => {
      let change: ScopeChange | undefined;
      return store
        .writeInTurns(
          key,
          async (view) => {
            const planned = await plan(view);
            change = planned.change;
            return planned;
          },
          pause,
        )
        .then((result) => {
          if (change) this.#noteWrite(key, change);
          return result;
        });
    };
    const reset = async (): Promise<void> => {
      await store.reset();
      this.reset();
    };
    const close = async (): Promise<void> => {
      await store.close();
      await this.#hooks.onClose?.();
    };
    return new Proxy(store, {
      get: (target, property) => {
        if (property === 'write') return write;
        if (property === 'writeInTurns') return writeInTurns;
        if (property === 'reset') return reset;
        if (property === 'close') return close;
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  #noteWrite(key: ScopeKey, change: ScopeChange): void {
    const state = this.#state(key);
    state.localWrites = true;
    for (const id of change.deletedProducts ?? []) state.deletedProducts.add(id);
    for (const id of change.deletedProductTypes ?? []) state.deletedTypes.add(id);
  }

  /** Every scope forgets what was fetched and deleted; copies under way stop. */
  reset(): void {
    this.#generation++;
    this.#scopes = new Map();
  }

  /** Marks every API answer with its source: `mock` unless an upstream step said otherwise. */
  readonly sourceWrapper: Wrapper = (next) => async (request) => {
    const answer = await next(request);
    if (answer.headers[SOURCE_HEADER] === undefined) {
      answer.headers = { ...answer.headers, [SOURCE_HEADER]: 'mock' };
    }
    return answer;
  };

  /** The handlers with reads by id filled from the deployment and collection reads forwarded. */
  handlers(handlers: OperationHandlers): OperationHandlers {
    const store = this.#store;
    if (store === undefined) throw new Error('Upstream.handlers needs the store: call observe(store) first');
    const wrapped: OperationHandlers = { ...handlers };
    for (const id of BY_ID) wrapped[id] = this.#byId(id, handlers[id] as OperationHandler, store);
    for (const id of COLLECTION) {
      const handler = handlers[id];
      if (handler) wrapped[id] = this.#collection(handler, store);
    }
    return wrapped;
  }

  #byId(operationId: (typeof BY_ID)[number], handler: OperationHandler, store: Store): OperationHandler {
    return async (call) => {
      const key = scopeKeyOf(call);
      const fill = this.#startFill(key, call, store);
      let fetched = false;
      try {
        fetched = await this.#fetchMissing(operationId, call, key, store);
      } catch (err) {
        if (!(err instanceof UpstreamFailure)) throw err;
        // A scope copied whole has the deployment's catalog: its own answer (a 404) stands in.
        if (fill?.state !== 'done') return failureAnswer(err);
      }
      const answer = await handler(call);
      return fetched ? sourced(answer, 'upstream') : answer;
    };
  }

  /** Fetches and stores what a read by id names when the scope lacks it; whether it stored something. */
  async #fetchMissing(
    operationId: (typeof BY_ID)[number],
    call: OperationCall,
    key: ScopeKey,
    store: Store,
  ): Promise<boolean> {
    const scope = store.scope(key);
    const state = this.#state(key);
    const prefix = scopePrefixOf(call.url ?? '');
    const enc = encodeURIComponent;
    switch (operationId) {
      case 'getProduct': {
        const id = call.params.productGroupId as string;
        if (scope.product(id) !== undefined || state.deletedProducts.has(id)) return false;
        const product = await this.#getData(`${prefix}/products/${enc(id)}`);
        return this.#storeFetched(key, store, product === undefined ? [] : [product], []);
      }
      case 'getProductByBarcode': {
        const code = call.params.barcode as string;
        if (scope.variantsByBarcode(normalizeBarcode(code)).length > 0) return false;
        const found = await this.#getData(`${prefix}/products-barcode/${enc(code)}`);
        const product = isRecord(found) ? found.productDetails : undefined;
        return this.#storeFetched(key, store, product === undefined ? [] : [product], []);
      }
      case 'getVariant': {
        const productId = call.params.productId as string;
        if (scope.productsByVariant(productId).length > 0) return false;
        const variant = await this.#getData(`${prefix}/variants/${enc(productId)}`);
        const groupId = isRecord(variant) ? variant.productGroupId : undefined;
        if (typeof groupId !== 'string' || scope.product(groupId) !== undefined) return false;
        if (state.deletedProducts.has(groupId)) return false;
        const product = await this.#getData(`${prefix}/products/${enc(groupId)}`);
        return this.#storeFetched(key, store, product === undefined ? [] : [product], []);
      }
      case 'getProductType': {
        const id = call.params.productTypeId as string;
        if (scope.productType(id) !== undefined || state.deletedTypes.has(id)) return false;
        const type = await this.#getData(`${prefix}/product-types/${enc(id)}`);
        return this.#storeFetched(key, store, [], type === undefined ? [] : [type]);
      }
    }
  }

  /**
   * Stores records fetched from the deployment through the store's write path, as if seeded: only
   * those the scope does not hold and did not delete (a local write always wins). Each must be an
   * object with its id; anything else is a 502.
   */
  async #storeFetched(key: ScopeKey, store: Store, products: unknown[], types: unknown[]): Promise<boolean> {
    for (const p of products) {
      if (!isRecord(p) || typeof p.productGroupId !== 'string') {
        throw new UpstreamFailure(
          `the upstream ${this.origin} answered a product without a productGroupId`,
          502,
        );
      }
    }
    for (const t of types) {
      if (!isRecord(t) || typeof t.productTypeId !== 'string') {
        throw new UpstreamFailure(
          `the upstream ${this.origin} answered a product type without a productTypeId`,
          502,
        );
      }
    }
    const state = this.#state(key);
    const stored = await store.write(key, (view) => {
      const newProducts = (products as CatalogProduct[]).filter(
        (p) => view.product(p.productGroupId) === undefined && !state.deletedProducts.has(p.productGroupId),
      );
      const newTypes = (types as ProductType[]).filter(
        (t) => view.productType(t.productTypeId) === undefined && !state.deletedTypes.has(t.productTypeId),
      );
      return { change: { products: newProducts, productTypes: newTypes }, result: { newProducts, newTypes } };
    });
    for (const p of stored.newProducts) this.#fetchedProducts.set(p.productGroupId, p);
    for (const t of stored.newTypes) this.#fetchedTypes.set(t.productTypeId, t);
    if (stored.newProducts.length + stored.newTypes.length > 0) this.#hooks.onFetched?.(this.fetched());
    // Fetched for this read: its answer came from the deployment, even when the scope's copy,
    // running beside it, stored the same record first.
    return products.length + types.length > 0;
  }

  /** GET of one record: its `data`, undefined for a 404; any other failure an UpstreamFailure. */
  async #getData(path: string): Promise<unknown> {
    const res = await this.#send('GET', path);
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    const body = await this.#json(res, 'GET', path);
    if (!isRecord(body) || !('data' in body)) {
      throw new UpstreamFailure(`the upstream ${this.origin} answered GET ${path} without data`, 502);
    }
    return body.data;
  }

  #send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#apiKey !== undefined) headers['x-api-key'] = this.#apiKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const target = this.url + path;
    // A request target in absolute form (`GET http://elsewhere/...`) must not carry the key elsewhere:
    // the pipeline finds no route for one today; this holds whatever it comes to route.
    if (!URL.canParse(target) || new URL(target).origin !== this.origin) {
      return Promise.reject(
        new UpstreamFailure(`the request's path does not stay on the upstream ${this.origin}`, 502),
      );
    }
    return upstreamFetch(target, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: this.#timeoutMs,
    });
  }

  /** A successful answer's JSON; a refused key, a 5xx or something not JSON is an UpstreamFailure. */
  async #json(res: Response, method: string, path: string, passClientErrors = false): Promise<unknown> {
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new UpstreamFailure(
        `the upstream ${this.origin} refused the mock's key for ${method} ${path} (${res.status}): give the deployment's key with --upstream-api-key-file or PRODUCT_CATALOG_MOCK_UPSTREAM_API_KEY`,
        502,
      );
    }
    if (res.status >= 500 || (!passClientErrors && !res.ok)) {
      await res.body?.cancel();
      throw new UpstreamFailure(
        `the upstream ${this.origin} answered ${method} ${path} with ${res.status}`,
        502,
      );
    }
    const text = await res.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new UpstreamFailure(
        `the upstream ${this.origin} answered ${method} ${path} with something that is not JSON`,
        502,
      );
    }
  }

  #collection(handler: OperationHandler, store: Store): OperationHandler {
    return async (call) => {
      const key = scopeKeyOf(call);
      const fill = this.#startFill(key, call, store);
      const state = this.#state(key);
      if (fill?.state === 'done') return handler(call);
      // A scope written to while its copy runs: a forwarded list would leave its writes out, so it
      // waits for the copy (docs/upstream.md, "Lists, search and facets").
      if (fill && state.localWrites) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const finished = await Promise.race([
          fill.done.then(() => true),
          new Promise<false>((resolve) => (timer = setTimeout(resolve, this.#timeoutMs, false))),
        ]).finally(() => clearTimeout(timer));
        if (finished && (fill.state as FillState) === 'done') return handler(call);
        return sourced(
          problemAnswer(
            503,
            `This scope holds writes made in the mock, and its copy of the upstream ${this.origin} is not done (${fill.products} products so far${fill.state === 'failed' ? ', and the copy failed' : ''}): its lists are answered once the copy is done; try again shortly`,
            undefined,
            { 'retry-after': '2' },
          ),
          'mock',
        );
      }
      try {
        return await this.#forward(call);
      } catch (err) {
        if (err instanceof UpstreamFailure) return failureAnswer(err);
        throw err;
      }
    };
  }

  /** The request as sent, to the deployment; its answer as the deployment gave it (but a refused key or 5xx). */
  async #forward(call: OperationCall): Promise<MockAnswer> {
    const url = call.url ?? '';
    const method = call.operationId === 'queryProducts' ? 'POST' : 'GET';
    const res = await this.#send(method, url, method === 'POST' ? (call.body ?? {}) : undefined);
    const json = await this.#json(res, method, url, true);
    return {
      status: res.status,
      headers: { 'content-type': JSON_CONTENT_TYPE, [SOURCE_HEADER]: 'upstream' },
      json,
    };
  }

  /** The scope's copy, started on its first read; undefined when copies are off. */
  #startFill(key: ScopeKey, call: OperationCall, store: Store): Fill | undefined {
    if (!this.#fill) return undefined;
    const state = this.#state(key);
    if (state.fill && state.fill.state !== 'failed') return state.fill;
    const fill: Fill = { state: 'running', done: Promise.resolve(), products: 0 };
    fill.done = this.#copy(key, scopePrefixOf(call.url ?? ''), store, fill, this.#generation).then(
      () => {
        fill.state = 'done';
      },
      (err: unknown) => {
        fill.state = 'failed';
        this.#hooks.log?.(
          `upstream: copy of ${scopeName(key)} from ${this.origin} failed after ${fill.products} products, tried again on its next read: ${err instanceof Error ? err.message : String(err)}`,
        );
      },
    );
    state.fill = fill;
    return fill;
  }

  /** Pages through the deployment's products, then its product types, storing what the scope lacks. */
  async #copy(key: ScopeKey, prefix: string, store: Store, fill: Fill, generation: number): Promise<void> {
    const name = scopeName(key);
    this.#hooks.log?.(`upstream: copying ${name} from ${this.origin}${prefix} in the background`);
    let total: number | undefined;
    for (let page = 1; ; page++) {
      if (generation !== this.#generation) return;
      const path = `${prefix}/products?limit=${PAGE_SIZE}&page=${page}&sort=productGroupId`;
      const body = await this.#json(await this.#send('GET', path), 'GET', path);
      const data = isRecord(body) && isRecord(body.data) ? body.data : undefined;
      const list = data?.list;
      if (!Array.isArray(list)) throw new UpstreamFailure(`GET ${path} answered no data.list`, 502);
      if (typeof data?.count === 'number') total = data.count;
      if (generation !== this.#generation) return;
      await this.#storeFetched(key, store, list, []);
      fill.products += list.length;
      const last = list.length < PAGE_SIZE || (total !== undefined && fill.products >= total);
      if (page % PROGRESS_EVERY_PAGES === 0 && !last) {
        this.#hooks.log?.(
          `upstream: copying ${name}: ${fill.products}${total === undefined ? '' : ` of ${total}`} products`,
        );
      }
      if (last) break;
    }
    const typesPath = `${prefix}/product-types`;
    const types = await this.#json(await this.#send('GET', typesPath), 'GET', typesPath);
    const list = isRecord(types) ? types.data : undefined;
    if (!Array.isArray(list)) throw new UpstreamFailure(`GET ${typesPath} answered no data array`, 502);
    if (generation !== this.#generation) return;
    await this.#storeFetched(key, store, [], list);
    this.#hooks.log?.(
      `upstream: copied ${name}: ${fill.products} products and ${list.length} product types; its lists are answered by the mock from now on`,
    );
  }
}
