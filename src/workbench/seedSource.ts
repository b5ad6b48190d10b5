// The seed the server serves: rebased onto the server's origin (demo media), re-read from its
// file on reset, and watched for edits with --watch.
import { watchFile, unwatchFile } from 'node:fs';
import type { CatalogProduct } from '../domain/types.js';
import type { SeedData } from '../domain/types.js';
import { loadSeedFile } from '../seed/resolve.js';
import { rebaseMedia } from '../media/demoMedia.js';

/**
 * Only the seed as served is kept (its records are the store's): a second copy of a large seed, as
 * generated, would be most of the server's memory again.
 */
export class SeedSource {
  #origin: string | undefined;
  #current: SeedData;
  #byId: Map<string, CatalogProduct> | undefined;

  /**
   * `file`: the JSON file the seed came from, re-read by reload(). `origin`: the origin the seed's
   * media URLs name already (a seed generated or read for this server), which bindOrigin then leaves
   * as it is.
   */
  constructor(
    seed: SeedData,
    readonly file?: string,
    origin?: string,
  ) {
    this.#current = seed;
    this.#origin = origin;
  }

  get current(): SeedData {
    return this.#current;
  }

  /**
   * From now on the seed's demo media URLs name `origin`; returns the seed that results, the same
   * object when they named it already.
   */
  bindOrigin(origin: string): SeedData {
    if (origin === this.#origin) return this.#current;
    this.#origin = origin;
    return this.#use({ ...this.#current, products: rebaseMedia(this.#current.products, origin) });
  }

  /** Reads the file again; throws (and keeps the seed it had) when it is missing or invalid. */
  async reload(): Promise<SeedData> {
    if (this.file === undefined) return this.#current;
    // Its URLs on the placeholder origin are moved while it is read (rebaseParsedMedia).
    const seed = await loadSeedFile(this.file, this.#origin);
    // A server runs already: an indexed file's products not read yet are read while it is idle.
    seed.readRest?.();
    return this.#use(seed);
  }

  /** A product of the seed, by productGroupId (what demo media draws). */
  product(productGroupId: string): CatalogProduct | undefined {
    this.#byId ??= new Map(this.#current.products.map((p) => [p.productGroupId, p]));
    return this.#byId.get(productGroupId);
  }

  /**
   * Calls onChange after each change of the file's content (polled: editors that save by renaming
   * a new file over the old one are seen too). Returns the function that stops watching.
   */
  watch(onChange: () => void, intervalMs = 250): () => void {
    const file = this.file;
    if (file === undefined) return () => undefined;
    const listener = (now: { mtimeMs: number; size: number }, before: { mtimeMs: number; size: number }) => {
      if (now.mtimeMs !== before.mtimeMs || now.size !== before.size) onChange();
    };
    watchFile(file, { interval: intervalMs, persistent: false }, listener);
    return () => unwatchFile(file, listener);
  }

  /** `seed`: its media name the origin bound, if any. */
  #use(seed: SeedData): SeedData {
    this.#byId = undefined;
    this.#current = seed;
    return seed;
  }
}
