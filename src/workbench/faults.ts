// Fault rules set at run time (POST /__admin/faults): which requests fail or slow down, and how.
import { CatalogError } from '../domain/errors.js';
import type { components } from '../generated/openapi.js';
import { pathHolds } from './pathPart.js';
import type { NetworkFailure } from './prefer.js';

/**
 * A rule as a client sends it, checked against openapi.yaml's FaultRuleInput first; its fields are
 * that document's FaultRuleFields.
 */
export type FaultRuleInput = components['schemas']['FaultRuleFields'];

export interface FaultRule extends FaultRuleInput {
  id: string;
  /** How many requests the rule has been applied to. */
  applied: number;
}

/** What the rules look at in a request. */
export interface FaultFacts {
  method: string;
  /** The path as requested, prefix included, without the query. */
  path: string;
  operationId?: string;
  /** The scope the request reaches: its region, and the tenant and environment of its path. */
  region?: string;
  tenantId?: string;
  environment?: string;
}

export interface Fault {
  status?: number;
  delayMs?: number;
  retryAfter?: number;
  network?: NetworkFailure;
  ruleId: string;
}

const spent = (rule: FaultRule): boolean => rule.times !== undefined && rule.applied >= rule.times;

/**
 * Whether a rule's method names the request's. HEAD answers like GET (docs/behaviour.md,
 * "Addressing"), so a rule for GET fails or delays a HEAD too: an app that checks a product with
 * HEAD must see the failure its GET would. A rule for HEAD stays with HEAD.
 */
export function methodMatches(ruleMethod: string, requestMethod: string): boolean {
  const rule = ruleMethod.toUpperCase();
  const request = requestMethod.toUpperCase();
  return rule === request || (rule === 'GET' && request === 'HEAD');
}

/** Whether every field the rule gives matches the request (rate and times aside). */
export function ruleMatches(rule: FaultRuleInput, facts: FaultFacts): boolean {
  return (
    (rule.operationId === undefined || rule.operationId === facts.operationId) &&
    (rule.method === undefined || methodMatches(rule.method, facts.method)) &&
    // As sent or decoded, as the journal's path filter: `/products/café` was never found.
    (rule.path === undefined || pathHolds(facts.path, rule.path)) &&
    // The scope is matched as a whole value, not as a piece of the path: a rule for tenant `acme`
    // must not fail `acme2`, nor the same tenant in another region (docs/behaviour.md, "Simulated
    // failures and latency").
    (rule.tenantId === undefined || rule.tenantId === facts.tenantId) &&
    (rule.environment === undefined || rule.environment === facts.environment) &&
    (rule.region === undefined || rule.region.toLowerCase() === facts.region?.toLowerCase())
  );
}

/**
 * Rules kept at once, by default. Every API request is matched against them in turn: 20,000 rules
 * made every read 17 times slower (docs/behaviour.md, "Admin endpoints").
 */
const MAX_FAULT_RULES = 100;

/**
 * The rules in the order they were added: the first one that matches, is not spent and wins its
 * roll of `rate` applies; the others are not consulted. A rule is never changed in place: applying
 * it replaces it with a copy, so a listing handed out stays as it was.
 */
export class FaultRules {
  #rules: FaultRule[] = [];
  #next = 1;
  readonly #max: number;

  /** `max`: the most rules kept at once (--max-fault-rules). */
  constructor(max = MAX_FAULT_RULES) {
    this.#max = max;
  }

  /** Refused with a 507 naming --max-fault-rules once `max` rules are kept. */
  add(input: FaultRuleInput): FaultRule {
    if (this.#rules.length >= this.#max) {
      throw new CatalogError(
        'storage-full',
        `There are ${this.#rules.length} fault rules already, as many as --max-fault-rules (${this.#max}) allows: remove one (DELETE /__admin/faults/{faultId}) or all (DELETE /__admin/faults), or start the mock with a larger --max-fault-rules`,
      );
    }
    const rule: FaultRule = { id: `fault-${this.#next++}`, ...input, applied: 0 };
    this.#rules = [...this.#rules, rule];
    return rule;
  }

  list(): readonly FaultRule[] {
    return this.#rules;
  }

  /** False when there is no rule with that id. */
  remove(id: string): boolean {
    const kept = this.#rules.filter((rule) => rule.id !== id);
    const removed = kept.length !== this.#rules.length;
    this.#rules = kept;
    return removed;
  }

  clear(): void {
    this.#rules = [];
  }

  /** The fault for this request, counted as applied; undefined when no rule applies. */
  apply(facts: FaultFacts, random: () => number = Math.random): Fault | undefined {
    if (this.#rules.length === 0) return undefined;
    const index = this.#rules.findIndex(
      (rule) => !spent(rule) && ruleMatches(rule, facts) && (rule.rate === undefined || random() < rule.rate),
    );
    const rule = this.#rules[index];
    if (!rule) return undefined;
    const applied = { ...rule, applied: rule.applied + 1 };
    this.#rules = this.#rules.map((r, i) => (i === index ? applied : r));
    const { status, delayMs, retryAfter, network } = rule;
    return { status, delayMs, retryAfter, network, ruleId: rule.id };
  }
}
