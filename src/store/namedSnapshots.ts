// Named states of one scope, kept in memory: saved and restored per (region, tenant, environment),
// for a test to return to (docs/behaviour.md, "Scope snapshots"). A snapshot shares its records
// with the scope it was taken of: it costs a copy of the ids the scope wrote, not of the records.
import { badRequest, notFound } from '../domain/errors.js';
import type { ScopeState, Store } from './store.js';
import type { ScopeKey } from '../domain/types.js';

/** How many snapshots one scope keeps; saving another name beyond is refused. */
const MAX_SNAPSHOTS_PER_SCOPE = 100;

/** A snapshot as listed: its name and when it was saved. */
export interface SnapshotInfo {
  name: string;
  savedAt: string;
}

interface Saved {
  info: SnapshotInfo;
  state: ScopeState;
}

const nameOf = ({ region, tenantId, environment }: ScopeKey): string =>
  `${region}/${tenantId}/${environment}`;

export class NamedSnapshots {
  readonly #byScope = new Map<string, Map<string, Saved>>();

  constructor(readonly store: Store) {}

  /** Saves the scope as it is now under `name`, replacing a snapshot of that name. */
  save(key: ScopeKey, name: string, now = Date.now()): { info: SnapshotInfo; replaced: boolean } {
    const scopeName = nameOf(key);
    let saved = this.#byScope.get(scopeName);
    if (!saved) {
      saved = new Map();
      this.#byScope.set(scopeName, saved);
    }
    const replaced = saved.has(name);
    if (!replaced && saved.size >= MAX_SNAPSHOTS_PER_SCOPE) {
      throw badRequest(
        `The scope ${scopeName} keeps ${MAX_SNAPSHOTS_PER_SCOPE} snapshots already: delete one (DELETE .../snapshots/{name}) or save under a name it has`,
      );
    }
    const info = { name, savedAt: new Date(now).toISOString() };
    saved.set(name, { info, state: this.store.captureScope(key) });
    return { info, replaced };
  }

  /** The scope back to the snapshot of that name; a 404 naming those there are when there is none. */
  async restore(key: ScopeKey, name: string): Promise<SnapshotInfo> {
    const saved = this.#byScope.get(nameOf(key))?.get(name);
    if (!saved) throw this.#missing(key, name);
    await this.store.restoreScope(key, saved.state);
    return saved.info;
  }

  /** The scope's snapshots, oldest first. */
  list(key: ScopeKey): SnapshotInfo[] {
    return [...(this.#byScope.get(nameOf(key))?.values() ?? [])].map((s) => s.info);
  }

  /** Forgets one snapshot; a 404 when the scope has none of that name. */
  delete(key: ScopeKey, name: string): void {
    const saved = this.#byScope.get(nameOf(key));
    if (!saved?.delete(name)) throw this.#missing(key, name);
    if (saved.size === 0) this.#byScope.delete(nameOf(key));
  }

  /** Every scope's snapshots forgotten (a reset of the whole mock). */
  clear(): void {
    this.#byScope.clear();
  }

  #missing(key: ScopeKey, name: string) {
    const there = this.list(key).map((s) => `"${s.name}"`);
    return notFound(
      `No snapshot "${name}" of scope ${nameOf(key)}; ${there.length > 0 ? `its snapshots: ${there.join(', ')}` : 'it has none: save one first with PUT .../snapshots/{name}'}`,
    );
  }
}
