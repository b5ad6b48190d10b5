// The filter language of GET /products: `{ "<op>": [operands] }`, parsed once into a predicate.
import { badRequest } from './errors.js';
import { given, shown } from './given.js';
import {
  compareScalars,
  isScalar,
  parseFieldPath,
  readerOf,
  scopeKey,
  type ScopeFields,
  type Scalar,
  type ValueReader,
} from './fieldPath.js';
import { textNestsDeeper, valueNestsDeeper } from './jsonDepth.js';
import type { CatalogProduct } from './types.js';

export type ProductPredicate = (product: CatalogProduct) => boolean;

const COMPARISONS = {
  eq: (order: number) => order === 0,
  ne: (order: number) => order !== 0,
  gt: (order: number) => order > 0,
  ge: (order: number) => order >= 0,
  lt: (order: number) => order < 0,
  le: (order: number) => order <= 0,
} as const;
type Comparison = keyof typeof COMPARISONS;

const FILTER_OPERATORS = [
  ...(Object.keys(COMPARISONS) as Comparison[]),
  'in',
  'contains',
  'startsWith',
  'and',
  'or',
  'not',
] as const;
type Operator = (typeof FILTER_OPERATORS)[number];

/** Deeper than any sensible filter; keeps a hostile one from exhausting the stack. */
const MAX_DEPTH = 32;
/** Operators in one filter, and values in one `in` list: bounds the work one request asks for. */
const MAX_OPERATORS = 256;
const MAX_IN_VALUES = 1000;
/**
 * Values in all the `in` lists of one filter. 256 lists of 1000 made a 3 MB body whose parsing alone
 * held the server for a second (docs/behaviour.md, "Parameters").
 */
const MAX_FILTER_VALUES = 10_000;
const EXAMPLE = '{"gt":["productPriceList/listPrice",100]}';

/** A filter of each operator, for the message that refuses one: what to send instead. */
const EXAMPLES: Readonly<Record<Operator, string>> = {
  eq: '{"eq":["productType","shoes"]}',
  ne: '{"ne":["productStatus","Discontinued"]}',
  gt: EXAMPLE,
  ge: '{"ge":["shellLifeDays",7]}',
  lt: '{"lt":["productPriceList/listPrice",20]}',
  le: '{"le":["shellLifeDays",30]}',
  in: '{"in":["productType",["shoes","bags"]]}',
  contains: '{"contains":["brand/brandName","acme"]}',
  startsWith: '{"startsWith":["productGroupId","FA-"]}',
  and: '{"and":[{"eq":["productType","shoes"]},{"lt":["productPriceList/listPrice",20]}]}',
  or: '{"or":[{"eq":["productType","shoes"]},{"eq":["productType","bags"]}]}',
  not: '{"not":[{"eq":["productType","shoes"]}]}',
};

/** A parsed filter, and its compact JSON: equal filters, however spaced, share one key. */
export interface ParsedFilter {
  predicate: ProductPredicate;
  key: string;
}

/**
 * JSON levels a filter of MAX_DEPTH operators may use: each operator is an object holding an array,
 * and an `in` adds its list of values.
 */
export const MAX_JSON_DEPTH = 2 * MAX_DEPTH + 2;

/**
 * Parses a filter given as JSON text or as the parsed object; throws a 400 that says what is wrong,
 * naming the parameter (`filter`, or `additionalRawFilter`) it came in. `scope` is what the scope
 * read gives every product (its tenantId); a filter that reads it has a key of that tenant's.
 */
export function parseFilterWithKey(raw: unknown, name = 'filter', scope?: ScopeFields): ParsedFilter {
  let node = raw;
  // Checked before anything walks it: parsing, compiling and error messages all recurse.
  const tooDeep =
    typeof raw === 'string' ? textNestsDeeper(raw, MAX_JSON_DEPTH) : valueNestsDeeper(raw, MAX_JSON_DEPTH);
  if (tooDeep)
    throw badRequest(`${name} nests deeper than ${MAX_DEPTH} operators; the limit is ${MAX_DEPTH}`);
  if (typeof raw === 'string') {
    try {
      node = JSON.parse(raw);
    } catch (e) {
      throw badRequest(
        `${name} is not valid JSON (${(e as Error).message}); expected {"<op>": [operands]}, e.g. ${EXAMPLE}`,
      );
    }
  }
  const budget: Budget = { name, operators: 0, values: 0, scope, scoped: false };
  const predicate = compile(node, name, 0, budget);
  // Answers are cached by key in caches shared between scopes: one tenant's must not serve another.
  return { predicate, key: JSON.stringify(node) + (budget.scoped ? scopeKey(scope) : '') };
}

export const parseFilter = (raw: unknown, scope?: ScopeFields): ProductPredicate =>
  parseFilterWithKey(raw, 'filter', scope).predicate;

/**
 * Whether a filter parameter asks for no filter: absent, or empty text, as a client sends when
 * nothing is selected (empty search, sort, select and facets are no value either).
 */
export const noFilter = (raw: unknown): boolean =>
  raw === undefined || (typeof raw === 'string' && raw.trim() === '');

/** Both filters must hold; the key is that of the equivalent `{"and":[a,b]}`, so the two share cached results. */
export function bothFilters(a: ParsedFilter, b: ParsedFilter): ParsedFilter {
  return { predicate: (p) => a.predicate(p) && b.predicate(p), key: `{"and":[${a.key},${b.key}]}` };
}

/**
 * Operators compiled so far in one filter, and the parameter it came in; the scope its paths may
 * read, and whether one did.
 */
interface Budget {
  name: string;
  operators: number;
  /** Values in the `in` lists compiled so far. */
  values: number;
  scope: ScopeFields | undefined;
  scoped: boolean;
}

function compile(node: unknown, at: string, depth: number, budget: Budget): ProductPredicate {
  // depth counts the operators above this one: the 33rd operator of a chain is at depth 32. The
  // JSON depth check lets a chain of 33 through when its innermost operator takes no list.
  if (depth >= MAX_DEPTH) {
    throw badRequest(`${budget.name} nests deeper than ${MAX_DEPTH} operators; the limit is ${MAX_DEPTH}`);
  }
  if (++budget.operators > MAX_OPERATORS) {
    throw badRequest(
      `${budget.name} has more than ${MAX_OPERATORS} operators; the limit is ${MAX_OPERATORS}`,
    );
  }
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    throw badRequest(`${at} must be an object {"<op>": [operands]}, e.g. ${EXAMPLE}${given(node)}`);
  }
  const keys = Object.keys(node);
  if (keys.length !== 1) {
    throw badRequest(
      `${at} must hold exactly one operator, found ${keys.length}: ${keys.join(', ') || 'none'}; ` +
        `the operators are ${FILTER_OPERATORS.join(', ')}, e.g. ${EXAMPLE}` +
        (keys.length > 1 ? `; combine several with and, e.g. ${EXAMPLES.and}` : ''),
    );
  }
  const op = keys[0] as string;
  if (!(FILTER_OPERATORS as readonly string[]).includes(op)) {
    throw badRequest(
      `${at}: unknown operator ${shown(op)}; operators: ${FILTER_OPERATORS.join(', ')}, e.g. ${EXAMPLE}`,
    );
  }
  const operands = (node as Record<string, unknown>)[op];
  const where = `${at}.${op}`;
  if (!Array.isArray(operands)) {
    throw badRequest(
      `${where} takes an array of operands, e.g. ${EXAMPLES[op as Operator]}${given(operands)}`,
    );
  }
  return compileOperator(op as Operator, operands, where, depth, budget);
}

function compileOperator(
  op: Operator,
  operands: unknown[],
  where: string,
  depth: number,
  budget: Budget,
): ProductPredicate {
  switch (op) {
    case 'and':
    case 'or': {
      if (operands.length === 0)
        throw badRequest(`${where} takes one or more filters, got 0, e.g. ${EXAMPLES[op]}`);
      const parts = operands.map((o, i) => compile(o, `${where}[${i}]`, depth + 1, budget));
      return op === 'and' ? (p) => parts.every((f) => f(p)) : (p) => parts.some((f) => f(p));
    }
    case 'not': {
      count(operands, 1, where, 'one filter', op);
      const inner = compile(operands[0], `${where}[0]`, depth + 1, budget);
      return (p) => !inner(p);
    }
    case 'in': {
      count(operands, 2, where, 'a field path and an array of values', op);
      const read = pathOperand(operands[0], where, budget);
      const list = operands[1];
      if (!Array.isArray(list)) {
        throw badRequest(
          `${where}: the second operand must be an array of strings, numbers or booleans${given(list)}`,
        );
      }
      if (list.length > MAX_IN_VALUES) {
        throw badRequest(`${where}: ${list.length} values; the limit is ${MAX_IN_VALUES}`);
      }
      budget.values += list.length;
      if (budget.values > MAX_FILTER_VALUES) {
        throw badRequest(
          `${budget.name} has more than ${MAX_FILTER_VALUES} values in its in lists; the limit is ${MAX_FILTER_VALUES} in all`,
        );
      }
      // Which value is no scalar: "(got an array)" would say nothing of the one to change.
      const odd = list.findIndex((value) => !isScalar(value));
      if (odd >= 0) {
        throw badRequest(
          `${where}: value ${odd + 1} of the list must be a string, number or boolean${given(list[odd])}`,
        );
      }
      list.forEach((value, i) => finite(value, `${where}: value ${i + 1} of the list`));
      const wanted = new Set<unknown>(list);
      return (p) => read(p, (v) => wanted.has(v));
    }
    case 'contains':
    case 'startsWith': {
      count(operands, 2, where, 'a field path and a string', op);
      const read = pathOperand(operands[0], where, budget);
      if (typeof operands[1] !== 'string') {
        throw badRequest(`${where}: the second operand must be a string${given(operands[1])}`);
      }
      const needle = operands[1].toLowerCase();
      const test =
        op === 'contains'
          ? (v: unknown) => typeof v === 'string' && v.toLowerCase().includes(needle)
          : (v: unknown) => typeof v === 'string' && v.toLowerCase().startsWith(needle);
      return (p) => read(p, test);
    }
    default:
      return compileComparison(op, operands, where, budget);
  }
}

function compileComparison(
  op: Comparison,
  operands: unknown[],
  where: string,
  budget: Budget,
): ProductPredicate {
  count(operands, 2, where, 'a field path and a value', op);
  const read = pathOperand(operands[0], where, budget);
  const value = operands[1];
  const present = (p: CatalogProduct) => read(p, () => true);
  // null stands for "no value": eq null matches an absent field, ne null a present one.
  if (value === null && (op === 'eq' || op === 'ne')) {
    return op === 'eq' ? (p) => !present(p) : present;
  }
  if (!isScalar(value)) {
    const or = op === 'eq' || op === 'ne' ? ', boolean or null (no value)' : ' or boolean';
    throw badRequest(`${where}: the second operand must be a string, number${or}${given(value)}`);
  }
  finite(value, `${where}: the second operand`);
  const same = (v: unknown) => v === value;
  // ne is the negation of eq: no value at the path equals it.
  if (op === 'ne') return (p) => !read(p, same);
  if (op === 'eq') return (p) => read(p, same);
  const accepts = COMPARISONS[op];
  // Values of another type never compare (a string is neither above nor below 100).
  const test = (v: unknown) => typeof v === typeof value && accepts(compareScalars(v as Scalar, value));
  return (p) => read(p, test);
}

/**
 * A number in the JSON text too large to be finite (1e400) reads as Infinity. Refused as in a body
 * (docs/behaviour.md, "Errors"): it compares as no number a record holds, and the filter's key (its
 * JSON) would write it as null, so `gt 1e400` and `gt -1e400` shared one cached answer.
 */
function finite(value: Scalar, what: string): void {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw badRequest(`${what} must be a finite number${given(value)}`);
  }
}

function count(operands: unknown[], expected: number, where: string, what: string, op: Operator): void {
  if (operands.length !== expected) {
    throw badRequest(
      `${where} takes ${expected} operand${expected === 1 ? '' : 's'} (${what}), got ${operands.length}, e.g. ${EXAMPLES[op]}`,
    );
  }
}

/** The reader of a path operand (readerOf); notes in the budget when it reads the scope. */
function pathOperand(raw: unknown, where: string, budget: Budget): ValueReader {
  const path = typeof raw === 'string' ? parseFieldPath(raw) : undefined;
  if (!path) {
    throw badRequest(
      `${where}: the first operand must be a field path such as "productPriceList/listPrice"${given(raw)}`,
    );
  }
  const { read, scoped } = readerOf(path, budget.scope);
  if (scoped) budget.scoped = true;
  return read;
}
