// The checks of a fault or stub rule, one place for every way a rule arrives: POST /__admin/faults
// (src/http/workbenchRoutes.ts), a scope's faults and stubs over HTTP, through the msw handlers and
// the testing kit (scopeAdmin.ts). Node-free: the document is the bundled one, and a rule is checked
// against its schemas (docs/behaviour.md, "Simulated failures and latency").
import { badRequest } from '../domain/errors.js';
import { given } from '../domain/given.js';
import { apiDocument } from '../generated/apiDocument.js';
import { OperationTable } from '../openapi/operations.js';
import { regionsOf } from '../openapi/regions.js';
import { schemaValidator, type SchemaValidator } from '../openapi/schemaValidator.js';
import { methodMatches, type FaultRuleInput } from './faults.js';

// Compiled when the first admin request needs it, not at every start.
let validator: SchemaValidator | undefined;
/** openapi.yaml's component schemas, for the admin endpoints' checks of rules and scope names. */
export const adminSchemas = (): SchemaValidator => (validator ??= schemaValidator(apiDocument));

let table: OperationTable | undefined;
/** openapi.yaml's API operations, each path after its scope (`/products-push`), as the README writes it. */
const apiOperations = (): OperationTable =>
  (table ??= new OperationTable(apiDocument, '/{tenantId}/{environment}'));

/** The methods a request of an operation comes with: HEAD beside GET. */
const requestMethods = (operation: { method: string }): string[] =>
  operation.method === 'GET' ? ['GET', 'HEAD'] : [operation.method];

let methods: string[] | undefined;
/** The methods of the API's operations, HEAD beside GET, in the order openapi.yaml first uses them. */
function apiMethods(): string[] {
  methods ??= [...new Set(apiOperations().operations.flatMap(requestMethods))];
  return methods;
}

/** The problems of a rule against its component schema (`FaultRuleInput`, `StubRuleInput`), as one 400. */
function checkShape(component: string, value: unknown, what: string): void {
  const problems = adminSchemas().checkComponent(component, value);
  if (problems.length > 0) {
    const text = problems.map((p) => `${p.path.replace(/^\//, '') || 'rule'} ${p.message}`).join('; ');
    throw badRequest(`Invalid ${what}: ${text}`);
  }
}

/**
 * A rule's operationId and method: an API operation (rules never reach /__admin), a method the API
 * answers (in any case: a typo such as GETT would never match), and one the operation is requested
 * with (a rule for GET pushProducts would never apply, and whoever added it would wait for failures
 * that never come).
 */
function checkOperation(input: { operationId?: string; method?: string }, what: string): void {
  const operations = apiOperations().operations;
  const operation = operations.find((op) => op.operationId === input.operationId);
  if (input.operationId !== undefined && operation === undefined) {
    throw badRequest(
      // "Not in openapi.yaml" would be untrue of an admin operation (resetMock), which is documented there.
      `operationId "${input.operationId}" is not an API operation of openapi.yaml (${what}s do not reach /__admin); operations: ${operations.map((op) => op.operationId).join(', ')}`,
    );
  }
  const method = input.method;
  if (method === undefined) return;
  if (!apiMethods().includes(method.toUpperCase())) {
    throw badRequest(
      `Invalid ${what}: method must be one the API answers, in any case: ${apiMethods().join(', ')}${given(method)}`,
    );
  }
  if (operation !== undefined) {
    const requests = requestMethods(operation);
    if (!requests.some((m) => methodMatches(method, m))) {
      throw badRequest(
        `Invalid ${what}: method ${method} never matches operationId ${operation.operationId}, which is ${requests.join(' or ')} ${operation.template}; leave method out, or name an operation of that method`,
      );
    }
  }
}

/** A fault rule as sent, checked whole; what it is when it passes. */
export function checkFaultRule(body: unknown): FaultRuleInput {
  checkShape('FaultRuleInput', body, 'fault rule');
  const input = body as FaultRuleInput;
  checkOperation(input, 'fault rule');
  // Checked here, not in the schema: the regions are listed once in openapi.yaml, as its server variable.
  const regions = regionsOf(apiDocument);
  if (input.region !== undefined && !regions.includes(input.region.toLowerCase())) {
    throw badRequest(
      `Invalid fault rule: region must be one of, in any case: ${regions.join(', ')}${given(input.region)}`,
    );
  }
  // Checked here: the schema language of openapi.yaml (OpenAPI 3.0) cannot say "only with status".
  if (input.network !== undefined && input.status !== undefined) {
    throw badRequest(
      'Invalid fault rule: network is a failure of the connection, not an answer; give it or a status, not both',
    );
  }
  if (input.retryAfter !== undefined && input.status === undefined) {
    throw badRequest('Invalid fault rule: retryAfter is the Retry-After of a status; give a status with it');
  }
  return input;
}

/** A stub rule as sent, checked against its schema and the API's operations. */
export function checkStubRule(body: unknown): void {
  checkShape('StubRuleInput', body, 'stub rule');
  checkOperation(body as { operationId?: string; method?: string }, 'stub rule');
}
