// Batch items sent without the id that names their record. A run removes what it wrote by its ids,
// all under the run's prefix; a deployment that accepts such an item anyway may store it under an id
// it makes up, outside the prefix, where no removal finds it. So such requests are sent only to the
// in-process mock, or where the user asks for them (docs/contract.md, "Contract tests").
import type { DocumentedOperation } from '../openapi/operations.js';
import { mergeAllOf, type Schema } from './schemaArbitrary.js';

/** Fields that name stored records. */
export const ID_FIELDS: readonly string[] = ['productGroupId', 'productId', 'productTypeId'];

/** The option that sends them anyway, as the command line spells it. */
export const ITEMS_WITHOUT_IDS_OPTION = '--items-without-ids';

/** The JSON schema of an operation's request body, when it takes one. */
export function jsonBodySchema(op: Pick<DocumentedOperation, 'requestBody'>): Schema | undefined {
  const content = op.requestBody?.content ?? {};
  const json = Object.entries(content).find(([type]) => type.includes('json'));
  return json?.[1].schema as Schema | undefined;
}

/** The id field every item of the operation's batch (`data`) must carry, or undefined. */
export function itemIdField(op: Pick<DocumentedOperation, 'requestBody'>): string | undefined {
  const schema = jsonBodySchema(op);
  const items = schema ? mergeAllOf(schema).properties?.data?.items : undefined;
  return items ? mergeAllOf(items).required?.find((field) => ID_FIELDS.includes(field)) : undefined;
}

/**
 * Whether an id value names a record a run can remove: a non-empty string, or a list of one (how
 * the generated suite sends an id of the wrong type: a lenient deployment that makes a string of it
 * gets that string). Absent, null or "", a number or a boolean could be stored as an id of the
 * deployment's making ("", "0", "true"), which no removal by the run's prefix finds.
 */
function namesRecord(id: unknown): boolean {
  if (Array.isArray(id)) return id.length === 1 && namesRecord(id[0]);
  return typeof id === 'string' && id !== '';
}

/**
 * The id field that an item of this body does not name its record in (see namesRecord), or
 * undefined when every item does, the body holds no batch, or the operation's items have no id.
 */
export function itemWithoutId(
  op: Pick<DocumentedOperation, 'requestBody'>,
  body: unknown,
): string | undefined {
  const field = itemIdField(op);
  const data = (body as { data?: unknown } | null)?.data;
  if (!field || !Array.isArray(data)) return undefined;
  const lacks = data.some(
    (item) =>
      typeof item === 'object' && item !== null && !namesRecord((item as Record<string, unknown>)[field]),
  );
  return lacks ? field : undefined;
}
