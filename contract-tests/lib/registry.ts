// Ids this run writes: all under the run's prefix, all deleted afterwards, nothing else ever.
import type { Api } from './api.js';

const BATCH = 100;

const chunks = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

export class Registry {
  private readonly products = new Set<string>();
  private readonly productTypes = new Set<string>();

  constructor(
    readonly prefix: string,
    private readonly readOnly: boolean,
  ) {
    if (!/^ct-[a-z0-9]+-[a-f0-9]+-/.test(prefix)) throw new Error(`not a run prefix: "${prefix}"`);
  }

  /** A product id under this prefix, recorded for deletion before anything is written with it. */
  product(name: string): string {
    return this.record(this.products, name);
  }

  productType(name: string): string {
    return this.record(this.productTypes, name);
  }

  /** An id under this prefix that is never written: for 404 checks, safe in read-only mode. */
  unknown(name: string): string {
    return `${this.prefix}unknown-${name}`;
  }

  private record(into: Set<string>, name: string): string {
    const id = this.prefix + name;
    into.add(id);
    return id;
  }

  /** Deletes every recorded id (404s are fine: a rejected write created nothing). */
  async cleanup(api: Api): Promise<void> {
    // Suites declare their ids even when read-only mode skips them; nothing was written, nothing to delete.
    if (this.readOnly) return;
    const owned = (ids: Set<string>) => [...ids].filter((id) => id.startsWith(this.prefix));
    const failures: string[] = [];
    for (const data of chunks(owned(this.products))) {
      const reply = await api.delete('/products', { data });
      if (reply.status !== 200) failures.push(reply.context);
    }
    for (const data of chunks(owned(this.productTypes))) {
      const reply = await api.delete('/product-types', { data });
      if (reply.status !== 200) failures.push(reply.context);
    }
    this.products.clear();
    this.productTypes.clear();
    if (failures.length) throw new Error(`cleanup failed; delete these by hand:\n${failures.join('\n')}`);
  }
}
