// What the mock's admin endpoints of one scope do (docs/behaviour.md, "Scopes in tests"):
// `/__admin/scopes/{region}/{tenantId}/{environment}/...` over HTTP (src/http/scopeRoutes.ts), and
// the same calls in-process for the msw handlers (src/msw/) and the testing kit (src/testing/).
// Node-free: the document is the bundled one, the rules are checked against its schemas.
import { badRequest } from '../domain/errors.js';
import { given } from '../domain/given.js';
import { apiDocument } from '../generated/apiDocument.js';
import { regionsOf } from '../openapi/regions.js';
import type { NamedSnapshots, SnapshotInfo } from '../store/namedSnapshots.js';
import type { ScopeKey } from '../domain/types.js';
import type { FaultRule, FaultRuleInput, FaultRules } from './faults.js';
import { adminSchemas, checkFaultRule, checkStubRule } from './ruleChecks.js';
import type { JournalEntry, JournalFilter, RequestJournal } from './requestJournal.js';
import type { StubRule, StubRuleInput, StubRules } from './stubs.js';

/** What one scope's admin acts on: the mock's store (through its snapshots), rules and journal. */
export interface ScopeAdminParts {
  snapshots: NamedSnapshots;
  faults: FaultRules;
  stubs: StubRules;
  journal: RequestJournal;
}

const sameScope = (rule: { region?: string; tenantId?: string; environment?: string }, key: ScopeKey) =>
  rule.tenantId === key.tenantId &&
  rule.environment === key.environment &&
  rule.region?.toLowerCase() === key.region.toLowerCase();

export class ScopeAdmin {
  constructor(readonly parts: ScopeAdminParts) {}

  /**
   * The scope a path names: a region of openapi.yaml's server variable in any case (given as the
   * document spells it), a tenant and an environment as a request's path can name them.
   */
  scopeOf(region: string, tenantId: string, environment: string): ScopeKey {
    const regions = regionsOf(apiDocument);
    const known = regions.find((r) => r.toLowerCase() === region.toLowerCase());
    if (known === undefined) {
      throw badRequest(`path.region must be one of, in any case: ${regions.join(', ')}${given(region)}`);
    }
    for (const [name, value] of [
      ['tenantId', tenantId],
      ['environment', environment],
    ] as const) {
      const problems = adminSchemas().checkComponent('ScopeName', value);
      if (problems.length > 0) {
        throw badRequest(`path.${name} ${problems.map((p) => p.message).join('; ')}${given(value)}`);
      }
    }
    return { region: known, tenantId, environment };
  }

  /** A snapshot's name, as openapi.yaml's ScopeName. */
  static checkSnapshotName(name: string): void {
    const problems = adminSchemas().checkComponent('ScopeName', name);
    if (problems.length > 0) {
      throw badRequest(`path.name ${problems.map((p) => p.message).join('; ')}${given(name)}`);
    }
  }

  /** The scope back to the seed; its fault rules, stub rules and journal entries gone; snapshots kept. */
  async reset(key: ScopeKey): Promise<void> {
    const { snapshots, faults, stubs, journal } = this.parts;
    await snapshots.store.restoreScope(key);
    for (const rule of faults.list()) if (sameScope(rule, key)) faults.remove(rule.id);
    stubs.clear(key);
    journal.clearScope(key);
  }

  save(key: ScopeKey, name: string): { info: SnapshotInfo; replaced: boolean } {
    ScopeAdmin.checkSnapshotName(name);
    return this.parts.snapshots.save(key, name);
  }

  restore(key: ScopeKey, name: string): Promise<SnapshotInfo> {
    ScopeAdmin.checkSnapshotName(name);
    return this.parts.snapshots.restore(key, name);
  }

  snapshots(key: ScopeKey): SnapshotInfo[] {
    return this.parts.snapshots.list(key);
  }

  deleteSnapshot(key: ScopeKey, name: string): void {
    ScopeAdmin.checkSnapshotName(name);
    this.parts.snapshots.delete(key, name);
  }

  requests(key: ScopeKey, filter: Omit<JournalFilter, 'scope' | 'tenantId'> = {}): JournalEntry[] {
    return this.parts.journal.find({ ...filter, scope: key });
  }

  clearRequests(key: ScopeKey): number {
    return this.parts.journal.clearScope(key);
  }

  /** The fault rules naming exactly this scope (region, tenant and environment). */
  faults(key: ScopeKey): FaultRule[] {
    return this.parts.faults.list().filter((rule) => sameScope(rule, key));
  }

  /** A fault rule for this scope: checked as POST /__admin/faults checks one, its scope set. */
  addFault(key: ScopeKey, body: unknown): FaultRule {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest('A fault rule is required as a JSON object');
    }
    const input = body as FaultRuleInput;
    for (const field of ['region', 'tenantId', 'environment'] as const) {
      const value = input[field];
      const own = key[field];
      if (
        value !== undefined &&
        (field === 'region' ? value.toLowerCase() !== own.toLowerCase() : value !== own)
      ) {
        throw badRequest(
          `Invalid fault rule: ${field} "${value}" is not this scope's ("${own}"); leave it out, the rule is this scope's`,
        );
      }
    }
    const rule = checkFaultRule({
      ...input,
      region: key.region,
      tenantId: key.tenantId,
      environment: key.environment,
    });
    return this.parts.faults.add(rule);
  }

  clearFaults(key: ScopeKey): number {
    const rules = this.faults(key);
    for (const rule of rules) this.parts.faults.remove(rule.id);
    return rules.length;
  }

  stubs(key: ScopeKey): readonly StubRule[] {
    return this.parts.stubs.list(key);
  }

  addStub(key: ScopeKey, body: unknown): StubRule {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest(
        'A stub rule is required as a JSON object, such as {"operationId":"listProducts","status":200,"body":{"data":{"list":[]}}}',
      );
    }
    checkStubRule(body);
    const input = body as StubRuleInput;
    try {
      return this.parts.stubs.add(key, input);
    } catch (err) {
      throw badRequest((err as Error).message);
    }
  }

  clearStubs(key: ScopeKey): number {
    return this.parts.stubs.clear(key);
  }
}
