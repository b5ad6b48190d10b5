// The generator of `contract --generated` must itself be right: what it calls valid, openapi.yaml
// accepts, and what it calls invalid, the document refuses; every id it writes is the run's own.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OperationTable } from '../../src/openapi/operations.js';
import { loadSchemaValidator } from '../../src/openapi/schemas.js';
import { requestsFor } from '../../src/contract/propertyRequests/requests.js';
import { itemIdField } from '../../src/contract/itemIds.js';

const validator = await loadSchemaValidator();
const operations = new OperationTable(validator.document, '/{tenantId}/{environment}').operations;
const PREFIX = 'ct-test-00-';

const bodySchema = (op: (typeof operations)[number]) =>
  Object.entries(op.requestBody?.content ?? {}).find(([t]) => t.includes('json'))?.[1].schema as
    object | undefined;

describe('generated requests', () => {
  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: valid bodies conform to the document, and write only prefixed ids',
    (_id, op) => {
      const schema = bodySchema(op);
      const { valid } = requestsFor(op, PREFIX);
      for (const req of fc.sample(valid, { numRuns: 30, seed: 3 })) {
        expect(req.method).toBe(op.method);
        if (!schema) continue;
        const body = JSON.parse(req.body!) as { data?: unknown[] };
        expect(validator.check(schema, body)).toEqual([]);
        const ids = JSON.stringify(body).match(/"(productGroupId|productId|productTypeId)":"[^"]*"/g) ?? [];
        for (const id of ids) expect(id).toContain(`"${PREFIX}`);
      }
    },
  );

  it('a query parameter marked x-without-body is left out of a request that sends a body', () => {
    // DELETE /product-types takes its ids from the body or ?data=, and refuses both at once.
    const del = operations.find((op) => op.operationId === 'deleteProductTypes')!;
    const samples = fc.sample(requestsFor(del, PREFIX).valid, { numRuns: 100, seed: 11 });
    const withBody = samples.filter((req) => req.body !== undefined);
    expect(withBody.length).toBeGreaterThan(0);
    for (const req of withBody) expect(new URL(req.path, 'http://x').searchParams.has('data')).toBe(false);
  });

  it('invalid bodies break the document, each in the way its fault says', () => {
    const push = operations.find((op) => op.operationId === 'pushProducts')!;
    const schema = bodySchema(push)!;
    const faults = new Set<string>();
    const invalid = requestsFor(push, PREFIX, { itemsWithoutIds: true }).invalid!;
    for (const req of fc.sample(invalid, { numRuns: 200, seed: 4 })) {
      faults.add(req.fault!);
      if (req.fault === 'malformed JSON body') {
        expect(() => JSON.parse(req.body!)).toThrow();
        continue;
      }
      expect(validator.check(schema, JSON.parse(req.body!)), req.fault).not.toEqual([]);
      if (req.fault === '"productGroupId" of the wrong type') {
        // Made a string by a lenient deployment, it is still one of the run's ids.
        for (const item of (JSON.parse(req.body!) as { data: { productGroupId: unknown }[] }).data)
          expect(String(item.productGroupId)).toMatch(new RegExp(`^${PREFIX}`));
      }
    }
    expect([...faults].sort()).toEqual(
      [
        'malformed JSON body',
        'body without its required "data"',
        '"data" of the wrong type',
        'a batch of 101, over the limit of 100',
        'items without their required "productGroupId"',
        '"productGroupId" of the wrong type',
      ].sort(),
    );
  });

  it.each(operations.filter((op) => itemIdField(op)).map((op) => [op.operationId, op] as const))(
    '%s: unless asked for, no invalid request sends an item without its id, which a deployment could store outside the prefix',
    (_id, op) => {
      const field = itemIdField(op)!;
      const faults = new Set<string>();
      for (const req of fc.sample(requestsFor(op, PREFIX).invalid!, { numRuns: 300, seed: 5 })) {
        faults.add(req.fault!);
        let body: { data?: unknown } | undefined;
        try {
          body = JSON.parse(req.body!) as { data?: unknown };
        } catch {
          continue; // malformed JSON names no record
        }
        const items = Array.isArray(body?.data) ? (body.data as Record<string, unknown>[]) : [];
        for (const item of items) expect(item[field], `${req.fault}: ${req.body}`).toBeDefined();
      }
      expect(faults).not.toContain(`items without their required "${field}"`);
      expect(faults).toContain(`"${field}" of the wrong type`);
    },
  );

  it('the same seed generates the same requests', () => {
    const list = operations.find((op) => op.operationId === 'listProducts')!;
    const { valid } = requestsFor(list, PREFIX);
    expect(fc.sample(valid, { numRuns: 10, seed: 9 })).toEqual(fc.sample(valid, { numRuns: 10, seed: 9 }));
  });
});
