// The statuses a simulated failure may answer on any API operation are documented for each of them,
// so that /docs lists them and does not label such an answer "Undocumented" (docs/behaviour.md,
// "Simulated failures and latency").
import { isDeepStrictEqual } from 'node:util';
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { apiDocument } from '../../src/generated/apiDocument.js';
import { isAdminPath } from '../../src/openapi/operations.js';
import { ALWAYS_SIMULATED } from '../../src/workbench/prefer.js';

/** Every operation of openapi.yaml with its path. */
function operations(): { path: string; op: OpenAPIV3.OperationObject }[] {
  return Object.entries(apiDocument.paths).flatMap(([path, item]) =>
    Object.values(item ?? {})
      .filter(
        (op): op is OpenAPIV3.OperationObject => typeof op === 'object' && op !== null && 'responses' in op,
      )
      .map((op) => ({ path, op })),
  );
}

const bodySchemaOf = (op: OpenAPIV3.OperationObject, status: number): unknown =>
  (op.responses[String(status)] as OpenAPIV3.ResponseObject | undefined)?.content?.['application/json']
    ?.schema;

describe('the statuses a simulated failure answers', () => {
  it('are documented on every API operation, in the error format', () => {
    const api = operations().filter(({ path }) => !isAdminPath(path));
    expect(api.length).toBeGreaterThan(20);
    const missing = api.flatMap(({ op }) =>
      ALWAYS_SIMULATED.filter(
        (status) => !isDeepStrictEqual(bodySchemaOf(op, status), apiDocument.components?.schemas?.Error),
      ).map((status) => `${op.operationId} ${status}`),
    );
    expect(missing).toEqual([]);
  });

  it('are not documented on the admin endpoints, which are never simulated', () => {
    const admin = operations().filter(({ path }) => isAdminPath(path));
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.filter(({ op }) => '429' in op.responses).map(({ op }) => op.operationId)).toEqual([]);
  });
});
