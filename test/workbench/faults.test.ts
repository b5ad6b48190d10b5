import { describe, expect, it } from 'vitest';
import { FaultRules, ruleMatches } from '../../src/workbench/faults.js';

const GET_PRODUCT = { method: 'GET', path: '/acme/dev/products/ABC-1', operationId: 'getProduct' };

describe('fault rules', () => {
  it('match when every field they give matches the request', () => {
    const rules = new FaultRules();
    rules.add({ operationId: 'getProduct', method: 'post', status: 500 });
    rules.add({ path: '/products/XYZ', status: 502 });
    expect(rules.apply(GET_PRODUCT)).toBeUndefined();
    const rule = rules.add({ method: 'get', path: '/products/ABC', status: 503, delayMs: 10 });
    expect(rules.apply(GET_PRODUCT)).toEqual({ status: 503, delayMs: 10, ruleId: rule.id });
    expect(rules.apply({ ...GET_PRODUCT, path: '/acme/dev/products/ZZZ' })).toBeUndefined();
  });

  it('match a path as sent or as decoded, as the journal filter does', () => {
    // A rule for /products/café never applied: the request's path is percent-encoded.
    const cafe = { method: 'GET', path: '/acme/dev/products/caf%C3%A9', operationId: 'getProduct' };
    expect(ruleMatches({ path: '/products/café', status: 503 }, cafe)).toBe(true);
    expect(ruleMatches({ path: '/products/caf%C3%A9', status: 503 }, cafe)).toBe(true);
    expect(ruleMatches({ path: '/products/cafe', status: 503 }, cafe)).toBe(false);
    // A path that is not valid percent-encoding is matched as sent.
    expect(
      ruleMatches({ path: '/products/%ZZ', status: 503 }, { ...cafe, path: '/acme/dev/products/%ZZ' }),
    ).toBe(true);
  });

  it('for GET apply to HEAD too, which answers like GET; one for HEAD stays with HEAD', () => {
    const rules = new FaultRules();
    const get = rules.add({ method: 'GET', path: '/products/ABC', status: 503 });
    expect(rules.apply({ ...GET_PRODUCT, method: 'HEAD' })?.ruleId).toBe(get.id);
    rules.clear();
    rules.add({ method: 'head', status: 503 });
    expect(rules.apply(GET_PRODUCT)).toBeUndefined();
    expect(rules.apply({ ...GET_PRODUCT, method: 'HEAD' })?.status).toBe(503);
  });

  it('are tried in the order they were added, and stop once their times are spent', () => {
    const rules = new FaultRules();
    const first = rules.add({ operationId: 'getProduct', status: 500, times: 2 });
    const second = rules.add({ status: 429 });
    expect(rules.apply(GET_PRODUCT)?.ruleId).toBe(first.id);
    expect(rules.apply(GET_PRODUCT)?.ruleId).toBe(first.id);
    expect(rules.apply(GET_PRODUCT)?.ruleId).toBe(second.id);
    expect(rules.list().map((r) => r.applied)).toEqual([2, 1]);
  });

  it('apply to the share `rate` of matching requests', () => {
    const rules = new FaultRules();
    rules.add({ status: 503, rate: 0.25 });
    expect(rules.apply(GET_PRODUCT, () => 0.2)?.status).toBe(503);
    expect(rules.apply(GET_PRODUCT, () => 0.3)).toBeUndefined();
    // A draw in [0, 1) applies when below the share: at the share it does not, and a rule of rate 0
    // never applies, not even to the lowest draw.
    expect(rules.apply(GET_PRODUCT, () => 0.25)).toBeUndefined();
    rules.clear();
    rules.add({ status: 503, rate: 0 });
    expect(rules.apply(GET_PRODUCT, () => 0)).toBeUndefined();
  });

  it('name the region in any case, as a URL does (docs/behaviour.md, "Simulated failures and latency")', () => {
    // The request's region is the configured one, lower case, whatever case its URL used.
    const inUs = { ...GET_PRODUCT, region: 'us', tenantId: 'acme', environment: 'dev' };
    expect(ruleMatches({ region: 'US', status: 503 }, inUs)).toBe(true);
    expect(ruleMatches({ region: 'Us', status: 503 }, { ...inUs, region: 'eu' })).toBe(false);
  });

  it('are removed one by one or all at once, and never change a listing handed out', () => {
    const rules = new FaultRules();
    const a = rules.add({ status: 500 });
    const b = rules.add({ status: 502 });
    const listed = rules.list();
    rules.apply(GET_PRODUCT);
    expect(listed[0]?.applied).toBe(0);
    expect(rules.remove('fault-none')).toBe(false);
    expect(rules.remove(a.id)).toBe(true);
    expect(rules.list().map((r) => r.id)).toEqual([b.id]);
    rules.clear();
    expect(rules.list()).toEqual([]);
    expect(rules.add({ status: 500 }).id).not.toBe(a.id);
  });
});
