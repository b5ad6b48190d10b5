// Which operation and which tier a test belongs to, read from its name and its describe blocks' names,
// and whether --only / --skip / --no-destructive leave it in the run, or hold back a write it sends.
import type { OpenAPIV3 } from 'openapi-types';
import { OperationTable, type DocumentedOperation } from '../../openapi/operations.js';
import { ITEMS_WITHOUT_IDS_OPTION, itemWithoutId } from '../itemIds.js';
import { isRead } from '../retry.js';
import { SCOPE_TEMPLATE, type Checker } from './checker.js';

/** The tier of a test without a bracketed tag: behaviour the specification states. */
export const SPEC_TIER = 'spec';

/** The tiers --only and --skip may name, besides operationIds. */
export const TIERS: readonly string[] = [SPEC_TIER, 'mock choice', 'published'];

export interface TestIdentity {
  /** Tier tags: `[mock choice]` gives "mock choice", `[published]` "published"; none gives "spec". */
  tags: string[];
  operationId?: string;
  method?: string;
}

const TAG = /\[([a-z][a-z _-]*)\]/gi;
// The path ends at a space, a query, a bracket or the punctuation of the name around it
// ("PATCH /variants, data in the body"): a comma kept in it named no operation.
const CALL = /\b(GET|POST|PATCH|PUT|DELETE) (\/[^\s?(),;:]*)/;

/** "Mock choice", "[mock choice]", "mock-choice" and "mock_choice" all name one tag. */
export const normalizeTag = (raw: string): string =>
  raw
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ');

/**
 * names: the test's own name first, then its describe blocks' names, innermost first. The operation
 * is the first "METHOD /path" found in that order; tags are gathered from all of them.
 */
export function identify(names: string[], checker: Checker): TestIdentity {
  const tags = new Set<string>();
  for (const name of names) for (const m of name.matchAll(TAG)) tags.add(normalizeTag(m[1]!));
  let operationId: string | undefined;
  let method: string | undefined;
  for (const name of names) {
    const call = CALL.exec(name);
    if (!call) continue;
    method = call[1];
    operationId = checker.operation(call[1]!, call[2]!)?.operationId;
    break;
  }
  return { tags: tags.size ? [...tags] : [SPEC_TIER], operationId, method };
}

export interface Selection {
  only: string[];
  skip: string[];
  destructive: boolean;
}

const matches = (wanted: string, id: TestIdentity): boolean =>
  wanted === id.operationId || id.tags.includes(normalizeTag(wanted));

/** Why the selection leaves this test out; undefined when it runs. */
export function excludedBecause(id: TestIdentity, selection: Selection): string | undefined {
  if (!selection.destructive && id.method === 'DELETE') return '--no-destructive: this test sends DELETE';
  const skipped = selection.skip.find((s) => matches(s, id));
  if (skipped) return `--skip ${skipped}`;
  if (selection.only.length && !selection.only.some((o) => matches(o, id)))
    return `not selected by --only ${selection.only.join(',')}`;
  return undefined;
}

/**
 * Why a test or setup may not send a request to this operation; undefined when it may. A name picks a
 * test by its first operation, but a test writes through others too: a write to an operation --skip
 * names, or any DELETE under --no-destructive, is held back whatever the test is called. Reads always
 * go. The run's cleanup does not come through here: it deletes its own ids whatever the selection.
 */
export function requestHeldBack(
  op: Pick<DocumentedOperation, 'operationId' | 'method' | 'template' | 'safe'> | undefined,
  selection: Selection & { readonly?: boolean },
  request: { method: string; body?: unknown; raw?: string } = { method: op?.method ?? 'GET' },
): string | undefined {
  // A read-only run sends no write that could succeed (docs/contract.md, "Contract tests"): the suite's
  // writing() blocks are skipped, and this holds back, request by request, any other that may write.
  // What may still go is a body that is not JSON at all (malformed, or another content type), which
  // no deployment can store.
  const mayWrite = op ? !op.safe : !isRead(request.method);
  if (selection.readonly && mayWrite && !unreadable(request)) {
    const call = op ? `${op.method} ${op.template}` : `${request.method}, to no documented operation`;
    const what =
      request.body === undefined && request.raw === undefined ? '' : ' with a body a deployment could store';
    return `read-only run: it sends ${call}${what}`;
  }
  if (!op || op.safe) return undefined;
  const call = `${op.method} ${op.template}`;
  if (!selection.destructive && op.method === 'DELETE') return `--no-destructive: it sends ${call}`;
  if (selection.skip.includes(op.operationId)) return `--skip ${op.operationId}: it sends ${call}`;
  return undefined;
}

/** The body a request carries as a deployment reads it: undefined when there is none or it is not JSON. */
export function bodyOf(request: { body?: unknown; raw?: string }): unknown {
  if (request.raw === undefined) return request.body;
  try {
    return JSON.parse(request.raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether a request's body is one no deployment could store: sent raw, and not JSON. */
const unreadable = (request: { body?: unknown; raw?: string }): boolean =>
  request.raw !== undefined && bodyOf(request) === undefined;

/**
 * Why a write whose batch items lack their id may not be sent; undefined when it may. A deployment
 * that accepted such an item could store it under an id it makes up, outside the run's prefix, where
 * no cleanup finds it (src/contract/itemIds.ts).
 */
export function itemsHeldBack(
  op: Pick<DocumentedOperation, 'method' | 'template' | 'safe' | 'requestBody'> | undefined,
  body: unknown,
  selection: { itemsWithoutIds: boolean },
): string | undefined {
  if (!op || op.safe || selection.itemsWithoutIds) return undefined;
  const field = itemWithoutId(op, body);
  if (field === undefined) return undefined;
  return (
    `it sends ${op.method} ${op.template} items without ${field}, which a deployment that accepted ` +
    `them could store outside the run's prefix, where no cleanup finds them (${ITEMS_WITHOUT_IDS_OPTION} sends it)`
  );
}

/** The operationIds of the service's operations in openapi.yaml, in the document's order. */
export function operationIdsOf(doc: OpenAPIV3.Document): string[] {
  return [...new Set(new OperationTable(doc, SCOPE_TEMPLATE).operations.map((op) => op.operationId))];
}

/**
 * What is wrong with --only and --skip, or undefined: a name that is neither an operationId nor one
 * of `tiers` selects nothing, and a run of nothing would pass.
 */
export function selectionProblem(
  selection: Pick<Selection, 'only' | 'skip'>,
  operationIds: readonly string[],
  tiers: readonly string[] = TIERS,
): string | undefined {
  const known = (name: string) => operationIds.includes(name) || tiers.includes(normalizeTag(name));
  const unknown = [
    ...selection.only.filter((name) => !known(name)).map((name) => `--only ${name}`),
    ...selection.skip.filter((name) => !known(name)).map((name) => `--skip ${name}`),
  ];
  if (unknown.length === 0) return undefined;
  const kinds = tiers.length ? 'an operationId of openapi.yaml nor a tier' : 'an operationId of openapi.yaml';
  return [
    `${unknown.join(', ')}: not ${kinds}, so nothing would run.`,
    ...(tiers.length ? [`Tiers: ${tiers.join(', ')}.`] : []),
    `operationIds: ${operationIds.join(', ')}.`,
  ].join('\n');
}
