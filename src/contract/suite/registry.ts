// Ids this run writes: all under the run's prefix, all deleted afterwards, nothing else ever.
import { runPrefixOf } from '../runPrefix.js';
import {
  cleanupCommand,
  deleteIds,
  describeFailedCalls,
  describeIds,
  idsOf,
  RECORD_KINDS,
  type CleanupTarget,
  type FailedCall,
  type RecordKind,
} from '../cleanup.js';
import { stillListed } from '../sweep.js';

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
   * kinds is sent, whatever the others got; every id that may remain (deleteIds says which, and the
   * lists after it) is listed in full.
   */
  async cleanup(target: CleanupTarget & { settleMs: number }): Promise<void> {
    // Suites declare their ids even when read-only mode skips them; nothing was written, nothing to delete.
    if (this.readOnly) return;
    const owned = (ids: Set<string>) => [...ids].filter((id) => id.startsWith(this.prefix));
    const recorded: Record<RecordKind, string[]> = {
      products: owned(this.products),
      productTypes: owned(this.productTypes),
    };
    const failed = [
      ...(await deleteIds(target, 'products', recorded.products)),
      ...(await deleteIds(target, 'productTypes', recorded.productTypes)),
    ];
    // A 2xx without a per-id list counts as done, yet a deployment may answer so and remove nothing (a
    // gateway that drops a DELETE's body): what the lists under this prefix still show after settleMs
    // remains. A list that cannot tell leaves the 2xx as the answer.
    for (const kind of Object.keys(RECORD_KINDS) as RecordKind[]) {
      const notDone = new Set(idsOf(failed)[kind]);
      const deleted = recorded[kind].filter((id) => !notDone.has(id));
      const left = await stillListed(target, kind, this.prefix, deleted, target.settleMs);
      if ('error' in left || left.ids.length === 0) continue;
      const them = left.ids.length === 1 ? 'it' : 'them';
      failed.push({
        kind,
        ids: left.ids,
        reason: `answered 2xx, but GET ${RECORD_KINDS[kind].path} still lists ${them} ${target.settleMs} ms later`,
      });
    }
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
