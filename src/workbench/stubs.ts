// Stub rules (POST /__admin/scopes/{region}/{tenantId}/{environment}/stubs): a given status and body
// answered for an operation or a path of one scope, instead of the operation, for the edge cases a
// frontend must render (docs/behaviour.md, "Stub rules"). Node-free: the msw handlers use it too.
import type { components } from '../generated/openapi.js';
import { methodMatches } from './faults.js';
import { pathHolds } from './pathPart.js';
import type { FaultFacts } from './faults.js';

/** A rule as a client sends it, checked against openapi.yaml's StubRuleInput first. */
export type StubRuleInput = components['schemas']['StubRuleInput'];

/** A rule as kept: its scope, its id, and how often it answered. */
export interface StubRule extends StubRuleInput {
  id: string;
  region: string;
  tenantId: string;
  environment: string;
  applied: number;
}

/** How many stub rules the mock keeps, every scope's together. */
const MAX_STUB_RULES = 1000;

export interface StubScope {
  region: string;
  tenantId: string;
  environment: string;
}

const inScope = (rule: StubScope, scope: StubScope): boolean =>
  rule.tenantId === scope.tenantId &&
  rule.environment === scope.environment &&
  rule.region.toLowerCase() === scope.region.toLowerCase();

/** Whether the rule answers this request: its scope, and every other field it gives. */
function matches(rule: StubRule, facts: FaultFacts): boolean {
  return (
    facts.region !== undefined &&
    facts.tenantId !== undefined &&
    facts.environment !== undefined &&
    inScope(rule, { region: facts.region, tenantId: facts.tenantId, environment: facts.environment }) &&
    (rule.operationId === undefined || rule.operationId === facts.operationId) &&
    (rule.method === undefined || methodMatches(rule.method, facts.method)) &&
    (rule.path === undefined || pathHolds(facts.path, rule.path))
  );
}

const spent = (rule: StubRule): boolean => rule.times !== undefined && rule.applied >= rule.times;

/**
 * The rules in the order they were added; the first that matches and is not spent answers. As fault
 * rules, a rule is never changed in place: a listing handed out stays as it was.
 */
export class StubRules {
  #rules: StubRule[] = [];
  #next = 1;

  add(scope: StubScope, input: StubRuleInput): StubRule {
    if (this.#rules.length >= MAX_STUB_RULES) {
      throw new RangeError(
        `The mock keeps ${MAX_STUB_RULES} stub rules already: clear a scope's (DELETE .../stubs) first`,
      );
    }
    const rule: StubRule = { ...input, ...scope, id: `stub-${this.#next++}`, applied: 0 };
    this.#rules = [...this.#rules, rule];
    return rule;
  }

  list(scope?: StubScope): readonly StubRule[] {
    return scope ? this.#rules.filter((rule) => inScope(rule, scope)) : this.#rules;
  }

  get size(): number {
    return this.#rules.length;
  }

  /** Removes the scope's rules (every rule without one); answers how many. */
  clear(scope?: StubScope): number {
    const before = this.#rules.length;
    this.#rules = scope ? this.#rules.filter((rule) => !inScope(rule, scope)) : [];
    return before - this.#rules.length;
  }

  /** The rule answering this request, counted as applied; undefined when none does. */
  apply(facts: FaultFacts): StubRule | undefined {
    if (this.#rules.length === 0) return undefined;
    const index = this.#rules.findIndex((rule) => !spent(rule) && matches(rule, facts));
    const rule = this.#rules[index];
    if (!rule) return undefined;
    const applied = { ...rule, applied: rule.applied + 1 };
    this.#rules = this.#rules.map((r, i) => (i === index ? applied : r));
    return rule;
  }
}
