// Ids this run writes: all under the run's prefix, all deleted afterwards, nothing else ever.
import { runPrefixOf } from '../../src/contract/runPrefix.js';
import {
  cleanupCommand,
  deleteIds,
  describeFailedCalls,
  describeIds,
  idsOf,
  type CleanupTarget,
  type FailedCall,
} from '../../src/contract/cleanup.js';

/** A cleanup some of whose delete calls failed: the calls, for the report to name and repeat. */
export class CleanupFailed extends Error {
  constructor(
    message: string,
    readonly calls: readonly FailedCall[],
  ) {
    super(message);
  }
}

export class Registry {
  private readonly products = new Set<string>();
  private readonly productTypes = new Set<string>();

  constructor(
    readonly prefix: string,
    private readonly readOnly: boolean,
  ) {
    if (runPrefixOf(prefix) === undefined) throw new Error(`not a run prefix: "${prefix}"`);
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

  /**
   * Deletes every recorded id (404s are fine: a rejected write created nothing). Every batch of both
   * kinds is sent, whatever the others got; every id that may remain (deleteIds says which) is listed
   * in full.
   */
  async cleanup(target: CleanupTarget): Promise<void> {
    // Suites declare their ids even when read-only mode skips them; nothing was written, nothing to delete.
    if (this.readOnly) return;
    const owned = (ids: Set<string>) => [...ids].filter((id) => id.startsWith(this.prefix));
    const failed = [
      ...(await deleteIds(target, 'products', owned(this.products))),
      ...(await deleteIds(target, 'productTypes', owned(this.productTypes))),
    ];
    this.products.clear();
    this.productTypes.clear();
    if (failed.length) {
      throw new CleanupFailed(
        [
          'cleanup failed; these may remain, delete them by hand:',
          ...describeFailedCalls(failed),
          ...describeIds(idsOf(failed)),
          `or remove everything this run wrote: ${cleanupCommand(runPrefixOf(this.prefix)!, target.baseUrl)}`,
        ].join('\n'),
        failed,
      );
    }
  }
}
