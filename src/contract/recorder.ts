// Pages through a deployment's products and product types. Each page is appended to FILE.partial as it
// arrives, so a run that stops (network, Ctrl-C) continues with --resume where it was.
import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import { fetchPatiently, type PatienceOptions } from './retry.js';
import { RedirectRefused } from './sameOriginFetch.js';

const PAGE_SIZE = 100;

export interface RecordTarget {
  baseUrl: string;
  apiKey: string;
}

export interface Recording {
  products: Record<string, unknown>[];
  productTypes: Record<string, unknown>[];
}

interface PartialHeader {
  baseUrl: string;
  pageSize: number;
}

interface PartialPage {
  page: number;
  count: number;
  products: Record<string, unknown>[];
}

export class RecordError extends Error {
  override name = 'RecordError';
}

/** A deployment that does not page: asking on would never end, and --resume would stop the same way. */
export class PagingError extends RecordError {
  override name = 'PagingError';
}

/** A FILE.partial that --resume cannot continue: running again with --resume would only repeat this. */
export class PartialFileError extends Error {
  override name = 'PartialFileError';
}

async function getJson(target: RecordTarget, path: string, opts: PatienceOptions = {}): Promise<unknown> {
  const url = target.baseUrl + path;
  const headers = { accept: 'application/json', 'x-api-key': target.apiKey };
  const { res, gaveUp } = await fetchPatiently(url, { method: 'GET', headers }, opts).catch((err: Error) => {
    if (opts.signal?.aborted) throw err;
    // It says where the redirect pointed, and that the key was not sent there.
    if (err instanceof RedirectRefused) throw new RecordError(err.message);
    throw new RecordError(
      `GET ${url}: no answer (${(err.cause as Error | undefined)?.message ?? err.message})`,
    );
  });
  if (gaveUp) throw new RecordError(gaveUp);
  const text = await res.text();
  if (res.status === 401 || res.status === 403) {
    throw new RecordError(
      `GET ${url} answered ${res.status}: the token was refused. Pass a token of this deployment with --api-key.`,
    );
  }
  if (!res.ok) throw new RecordError(`GET ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new RecordError(`GET ${url} answered ${res.status} with something that is not JSON`);
  }
}

/** The pages a partial file already holds; none when it is absent. */
async function readPartial(file: string, baseUrl: string): Promise<PartialPage[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  // Empty: the run stopped before it wrote its first line; it starts over.
  if (text === '') return [];
  const [head, ...lines] = text.split('\n');
  let header: Partial<PartialHeader> | undefined;
  try {
    header = JSON.parse(head ?? '') as Partial<PartialHeader>;
  } catch {
    header = undefined;
  }
  if (typeof header?.baseUrl !== 'string') {
    throw new PartialFileError(
      `${file} is not a recording this command wrote: delete it or record to another --out`,
    );
  }
  if (header.baseUrl !== baseUrl || header.pageSize !== PAGE_SIZE) {
    throw new PartialFileError(
      `${file} records ${header.baseUrl}, not ${baseUrl}: delete it or record to another --out`,
    );
  }
  const pages: PartialPage[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    try {
      pages.push(JSON.parse(line) as PartialPage);
    } catch {
      break; // the last line of an interrupted run may be cut short: that page is fetched again
    }
  }
  return pages;
}

/** `signal` stops the recording: what FILE.partial holds then is what --resume continues from. */
export interface RecordOptions extends Pick<PatienceOptions, 'signal' | 'onRetry'> {
  partialFile: string;
  resume: boolean;
  /** At most this many products. */
  limit?: number;
  onProgress?: (done: number, total: number) => void;
}

export async function record(target: RecordTarget, opts: RecordOptions): Promise<Recording> {
  let pages: PartialPage[] = [];
  if (opts.resume) pages = await readPartial(opts.partialFile, target.baseUrl);
  if (pages.length === 0) {
    const header: PartialHeader = { baseUrl: target.baseUrl, pageSize: PAGE_SIZE };
    await writeFile(opts.partialFile, JSON.stringify(header) + '\n');
  }
  const have = () => pages.reduce((n, p) => n + p.products.length, 0);
  const wanted = (count: number) => Math.min(count, opts.limit ?? Infinity);
  let count = pages.at(-1)?.count ?? Infinity;
  // The page each id was first seen on: a page of ids all seen before is a deployment that does not
  // page, and asking on would never end (docs/contract.md, "QA workflow: checking a deployment").
  const firstSeen = new Map<string, number>();
  for (const p of pages) for (const product of p.products) noteSeen(firstSeen, product, p.page);
  // sorted by id: pages stay stable while nobody writes, and a resumed run picks up where it stopped
  for (let page = (pages.at(-1)?.page ?? 0) + 1; have() < wanted(count); page++) {
    const body = (await getJson(
      target,
      `/products?limit=${PAGE_SIZE}&page=${page}&sort=productGroupId`,
      opts,
    )) as {
      data?: { list?: Record<string, unknown>[]; count?: number };
    };
    const list = body.data?.list;
    if (!Array.isArray(list)) throw new RecordError(`GET /products page ${page} answered no data.list`);
    count = body.data?.count ?? count;
    if (list.length === 0) break;
    checkPaging(target, page, list, count, firstSeen);
    for (const product of list) noteSeen(firstSeen, product, page);
    const entry = { page, count, products: list };
    pages.push(entry);
    await appendFile(opts.partialFile, JSON.stringify(entry) + '\n');
    opts.onProgress?.(Math.min(have(), wanted(count)), wanted(count));
  }
  const types = (await getJson(target, '/product-types', opts)) as {
    data?: Record<string, unknown>[];
  };
  if (!Array.isArray(types.data)) throw new RecordError('GET /product-types answered no data array');
  // a product written between two pages may shift another onto the next page: keep each id once
  const seen = new Set<string>();
  const products = pages
    .flatMap((p) => p.products)
    .filter((p) => !seen.has(String(p.productGroupId)) && seen.add(String(p.productGroupId)))
    .slice(0, opts.limit);
  return { products, productTypes: types.data };
}

function noteSeen(firstSeen: Map<string, number>, product: Record<string, unknown>, page: number): void {
  const id = String(product.productGroupId);
  if (!firstSeen.has(id)) firstSeen.set(id, page);
}

/**
 * Stops a recording that would never end: a page past the last one the count makes that still
 * lists products, or a page listing only products of earlier pages (a deployment that ignores
 * `page` answers the first page again and again). A product moved by a write between two pages
 * repeats one or two ids, never a whole page.
 */
function checkPaging(
  target: RecordTarget,
  page: number,
  list: readonly Record<string, unknown>[],
  count: number,
  firstSeen: ReadonlyMap<string, number>,
): void {
  const lastPage = Math.ceil(count / PAGE_SIZE);
  if (page > lastPage) {
    throw new PagingError(
      `GET ${target.baseUrl}/products page ${page} still lists products, but the count of ${count} makes ${lastPage} pages of ${PAGE_SIZE}: the deployment does not page as the specification says (limit, page), so the recording stops here`,
    );
  }
  const earlier = list.map((p) => firstSeen.get(String(p.productGroupId)));
  if (earlier.every((seenOn) => seenOn !== undefined)) {
    throw new PagingError(
      `GET ${target.baseUrl}/products page ${page} lists the same products as page ${Math.min(...(earlier as number[]))}: the deployment seems to ignore the page parameter, so paging would never end; the recording stops here`,
    );
  }
}

export async function removePartial(file: string): Promise<void> {
  await rm(file, { force: true });
}
