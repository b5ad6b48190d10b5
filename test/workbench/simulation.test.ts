// Which of a Prefer header, a fault rule and --latency decides what happens to a request
// (docs/behaviour.md, "Simulated failures and latency": its item "Which wins").
import { describe, expect, it } from 'vitest';
import type { Fault } from '../../src/workbench/faults.js';
import { decideSimulation, type SimulationRequest } from '../../src/workbench/simulation.js';

const STATUSES = new Map([['getProduct', [200, 400, 401, 404, 429, 500, 502, 503, 504]]]);
const request = (prefer?: string): SimulationRequest => ({
  method: 'GET',
  path: '/acme/dev/products/p1',
  operationId: 'getProduct',
  prefer,
});

/** A rule source that counts how often it is consulted (consulting a rule spends it). */
function ruleSource(fault: Fault) {
  const source = { consulted: 0, rule: () => (source.consulted++, fault) };
  return source;
}

describe('decideSimulation', () => {
  it('consults no rule, so spends none, when the header asks for a network failure', () => {
    const rules = ruleSource({ status: 500, ruleId: 'fault-1' });
    const simulation = decideSimulation(request('network=reset'), STATUSES, rules.rule, () => 0);
    expect(simulation).toMatchObject({ network: 'reset', source: 'Prefer: network=reset' });
    expect(rules.consulted).toBe(0);
  });

  it("waits the header's delay rather than the rule's, and the rule's rather than --latency", () => {
    const rules = ruleSource({ status: 503, delayMs: 900, ruleId: 'fault-1' });
    expect(decideSimulation(request('delay=100'), STATUSES, rules.rule, () => 50)).toMatchObject({
      status: 503,
      delayMs: 100,
      source: 'fault rule fault-1',
    });
    expect(decideSimulation(request(), STATUSES, rules.rule, () => 50)).toMatchObject({ delayMs: 900 });
    const statusOnly = ruleSource({ status: 503, ruleId: 'fault-2' });
    expect(decideSimulation(request(), STATUSES, statusOnly.rule, () => 50)).toMatchObject({ delayMs: 50 });
  });

  it('answers a documented 4xx asked for, 400 included, as a simulated failure', () => {
    const none = () => undefined;
    expect(decideSimulation(request('code=400'), STATUSES, none, () => 0)).toEqual({
      status: 400,
      delayMs: 0,
      retryAfterSeconds: undefined,
      source: 'Prefer: code=400',
    });
    // A documented 2xx is the operation's own answer: nothing is simulated.
    expect(decideSimulation(request('code=200'), STATUSES, none, () => 0)).toBeUndefined();
  });
});
