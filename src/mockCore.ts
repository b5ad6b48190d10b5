// The mock's composition without node: the pipeline over a store, given the document. createMock
// (src/mock.ts) loads openapi.yaml from disk and opens the store for it; the Mock Service Worker
// adapter (src/msw/) passes the bundled document and an in-memory store.
import type { OpenAPIV3 } from 'openapi-types';
import { OperationTable } from './openapi/operations.js';
import { regionsOf } from './openapi/regions.js';
import { schemaValidator } from './openapi/schemaValidator.js';
import { withoutGiven } from './domain/given.js';
import { authorizer, parseApiKeys, type KeyRing } from './pipeline/auth.js';
import { createPipeline, type SimulationStep } from './pipeline/pipeline.js';
import { wrap, type Handle, type Wrapper } from './pipeline/types.js';
import type { RouteContext } from './routes/context.js';
import { gtinOfEpc } from './routes/epcDecoder.js';
import { productReadOperations } from './routes/productReads.js';
import { productTypeOperations } from './routes/productTypes.js';
import { productWriteOperations } from './routes/productWrites.js';
import { publishedClientOperations } from './routes/publishedClient.js';
import { variantOperations } from './routes/variants.js';
import type { Store } from './store/store.js';
import type { Upstream } from './upstream/upstream.js';

/** A mock's pipeline and what the adapters around it need. */
export interface MockCore {
  handle: Handle;
  store: Store;
  ring: KeyRing;
  region: string;
}

export interface MockCoreOptions {
  /** openapi.yaml, dereferenced. */
  document: OpenAPIV3.Document;
  /** Where the scopes live. */
  store: Store;
  /** Region of the two prefixes that name none, as checkRegion returned it. */
  region: string;
  /** openapi.yaml's operations, when the caller has them already. */
  operations?: OperationTable;
  /** Strict mode: only these keys (`KEY` or `KEY=tenantA,tenantB`). Empty: any non-empty token. */
  apiKeys?: string[];
  /** Reads need no token, as the published client-side class expects; writes still do. */
  publicReads?: boolean;
  /** How a user turns publicReads on here, for messages (see AuthorizerOptions). */
  publicReadsSwitch?: string;
  /** Around the pipeline, the first outermost (docs/architecture.md, "The seam: wrapping the pipeline"). */
  wrappers?: Wrapper[];
  /** Simulated failures and delays, a step of the pipeline (src/workbench/simulationStep.ts). */
  simulate?: SimulationStep;
  /** Where a person reads the API reference, for a 404's message (see PipelineOptions). */
  reference?: string;
  /** A deployment that answers what the store does not hold (docs/upstream.md); `store` is its observe(). */
  upstream?: Upstream;
}

/**
 * The region a mock answers for when a request names none, as the document spells it; an unknown one
 * is refused. Any case is taken, as in a `/regions/{region}/...` path (`US` is `us`), so that both
 * spellings reach the same scopes.
 */
export function checkRegion(document: OpenAPIV3.Document, region = 'eu'): string {
  const regions = regionsOf(document);
  const known = regions.find((r) => r.toLowerCase() === region.toLowerCase());
  if (known === undefined) {
    throw new Error(`Unknown region "${region}"; allowed regions: ${regions.join(', ')}`);
  }
  return known;
}

/**
 * Refuses a key bound to a tenant no request can name (`partner=acme/dev`, a tenant and an
 * environment): taken, it would get a 403 on every tenant, naming the tenant asked for rather than
 * the typo. What a request can name is the document's tenantId parameter.
 */
function checkBoundTenants(document: OpenAPIV3.Document, ring: KeyRing): void {
  const bound = [...ring].flatMap(([key, tenants]) =>
    [...(tenants ?? [])].map((tenant) => ({ key, tenant })),
  );
  if (bound.length === 0) return;
  const parameter = document.components?.parameters?.tenantId as OpenAPIV3.ParameterObject | undefined;
  if (!parameter?.schema) throw new Error('openapi.yaml has no tenantId parameter with a schema');
  const validator = schemaValidator(document);
  for (const { key, tenant } of bound) {
    const [problem] = validator.check(parameter.schema, tenant);
    if (problem) {
      // The tenant is named already: the problem without its "(got …)" says it once.
      throw new Error(
        `API key "${key}" is bound to tenant "${tenant}", which no request can name: a tenantId ${withoutGiven(problem.message)}`,
      );
    }
  }
}

/**
 * The key ring of `apiKeys` (`KEY` or `KEY=tenantA,tenantB`); throws for a key no request could use.
 * createMock calls it before it opens a --data file, so that a refusal leaves the file alone.
 */
export function keyRingOf(document: OpenAPIV3.Document, apiKeys?: string[]): KeyRing {
  const ring = parseApiKeys(apiKeys);
  checkBoundTenants(document, ring);
  return ring;
}

/** The handlers of every documented operation, the pipeline, and the wrappers around it. */
export function composeMock(options: MockCoreOptions): MockCore {
  const { document, store, region } = options;
  const ring = keyRingOf(document, options.apiKeys);
  const ctx: RouteContext = { store, document };
  const handlers = {
    ...productReadOperations(ctx),
    ...productTypeOperations(ctx),
    ...productWriteOperations(ctx),
    ...variantOperations(ctx),
    ...publishedClientOperations(ctx, gtinOfEpc),
  };
  const { upstream } = options;
  const pipeline = createPipeline({
    operations: options.operations ?? new OperationTable(document),
    handlers: upstream ? upstream.handlers(handlers) : handlers,
    authorize: authorizer(ring, {
      publicReads: options.publicReads,
      publicReadsSwitch: options.publicReadsSwitch,
    }),
    regions: regionsOf(document),
    defaultRegion: region,
    simulate: options.simulate,
    reference: options.reference,
  });
  const wrappers = upstream ? [...(options.wrappers ?? []), upstream.sourceWrapper] : options.wrappers;
  return { handle: wrap(pipeline, wrappers), store, ring, region };
}
