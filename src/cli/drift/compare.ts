// Two answers to one request, compared: status, error shape, order, counts, facet values, fields
// present and values, leaving out what docs/drift.md, "What is not compared", lists as volatile.
// Pure: no node, no http.

/** An answer as the report keeps it: the status and the body, parsed when it is JSON. */
export interface Answer {
  status: number;
  /** The parsed JSON body; the text itself when it is not JSON; undefined when empty. */
  body: unknown;
  /** Whether the body was JSON. */
  json: boolean;
}

/**
 * Fields left out wherever they are: bookkeeping of the store behind a service that a recording
 * cannot reproduce and no client compares (a write's cost and entity tag, a document database's
 * own properties). docs/drift.md, "What is not compared", gives each reason.
 */
export const VOLATILE_FIELDS: ReadonlySet<string> = new Set([
  'requestCharge',
  'eTag',
  '_etag',
  '_ts',
  '_rid',
  '_self',
  '_attachments',
  '_lsn',
]);

/** The fields that name an element of a list: such a list is compared by them, then for order. */
const KEYS = ['productGroupId', 'productTypeId', 'productId', 'id', 'value'] as const;

/** Differences reported per answer; the rest are counted. */
export const MAX_DIFFERENCES = 12;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown): string => {
  const text = v === undefined ? 'nothing' : JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};
const list = (values: string[]): string =>
  `[${values.slice(0, 8).join(', ')}${values.length > 8 ? `, ... ${values.length - 8} more` : ''}]`;

/** The key that names every element of a list once, if one does. */
function keyOf(items: unknown[]): string | undefined {
  if (items.length === 0 || !items.every(isObject)) return undefined;
  return KEYS.find((k) => {
    const values = items.map((i) => (i as Json)[k]);
    return (
      values.every((v) => typeof v === 'string' || typeof v === 'number') &&
      new Set(values).size === values.length
    );
  });
}

/** The kind of a difference at a path: counts and facets are named so, the rest are values. */
const kindAt = (path: string): string =>
  /\.(facets|attributeFilters)\b/.test(path) ? 'facet values' : /\.count$/.test(path) ? 'count' : 'values';

function diff(path: string, mock: unknown, deployment: unknown, out: string[]): void {
  if (Array.isArray(mock) && Array.isArray(deployment)) return diffArrays(path, mock, deployment, out);
  if (isObject(mock) && isObject(deployment)) {
    const keys = (o: Json) => Object.keys(o).filter((k) => !VOLATILE_FIELDS.has(k));
    const [m, d] = [keys(mock), keys(deployment)];
    const onlyMock = m.filter((k) => !(k in deployment));
    const onlyDeployment = d.filter((k) => !(k in mock));
    if (onlyMock.length || onlyDeployment.length) {
      const parts = [
        onlyMock.length ? `only the mock has ${onlyMock.join(', ')}` : '',
        onlyDeployment.length ? `only the deployment has ${onlyDeployment.join(', ')}` : '',
      ].filter(Boolean);
      out.push(`fields present at ${path}: ${parts.join('; ')}`);
    }
    for (const k of m) if (k in deployment) diff(`${path}.${k}`, mock[k], deployment[k], out);
    return;
  }
  if (!Object.is(mock, deployment) && JSON.stringify(mock) !== JSON.stringify(deployment)) {
    out.push(`${kindAt(path)} at ${path}: mock ${show(mock)}, deployment ${show(deployment)}`);
  }
}

function diffArrays(path: string, mock: unknown[], deployment: unknown[], out: string[]): void {
  const key = keyOf(mock) ?? keyOf(deployment);
  if (key && keyOf(mock) === key && keyOf(deployment) === key) {
    const ids = (items: unknown[]) => items.map((i) => String((i as Json)[key]));
    const [m, d] = [ids(mock), ids(deployment)];
    const onlyMock = m.filter((id) => !d.includes(id));
    const onlyDeployment = d.filter((id) => !m.includes(id));
    const facet = /\.(facets|attributeFilters)\b/.test(path);
    if (onlyMock.length || onlyDeployment.length) {
      const parts = [
        onlyMock.length ? `only the mock answers ${list(onlyMock)}` : '',
        onlyDeployment.length ? `only the deployment answers ${list(onlyDeployment)}` : '',
      ].filter(Boolean);
      out.push(`${facet ? 'facet values' : 'items'} at ${path} (by ${key}): ${parts.join('; ')}`);
    }
    const common = (ids: string[]) => ids.filter((id) => m.includes(id) && d.includes(id));
    const [cm, cd] = [common(m), common(d)];
    const from = cm.findIndex((id, n) => id !== cd[n]);
    if (from >= 0) {
      // from the first place they differ: a page of 50 differs in its 40th product, not its first
      out.push(
        `order at ${path} (by ${key}), from position ${from + 1}: mock ${list(cm.slice(from))}, deployment ${list(cd.slice(from))}`,
      );
    }
    const byId = new Map(deployment.map((i) => [String((i as Json)[key]), i]));
    mock.forEach((item, i) => {
      const other = byId.get(m[i]!);
      if (other !== undefined) diff(`${path}[${key}=${m[i]}]`, item, other, out);
    });
    return;
  }
  if (mock.length !== deployment.length) {
    const kind = /\.(facets|attributeFilters)\b/.test(path) ? 'facet values' : 'count';
    out.push(`${kind} at ${path} (length): mock ${mock.length}, deployment ${deployment.length}`);
  }
  const sorted = (items: unknown[]) => items.map((x) => JSON.stringify(x)).sort();
  const sameMembers =
    mock.length === deployment.length && sorted(mock).join('\u0000') === sorted(deployment).join('\u0000');
  if (sameMembers) {
    if (JSON.stringify(mock) !== JSON.stringify(deployment))
      out.push(`order at ${path}: mock ${show(mock)}, deployment ${show(deployment)}`);
    return;
  }
  for (let i = 0; i < Math.min(mock.length, deployment.length); i++)
    diff(`${path}[${i}]`, mock[i], deployment[i], out);
}

/** Error bodies: what each holds and its `status`, not the wording of its message. */
function diffErrors(mock: Answer, deployment: Answer, out: string[]): void {
  if (mock.json !== deployment.json || !isObject(mock.body) || !isObject(deployment.body)) {
    const kind = (a: Answer) =>
      isObject(a.body)
        ? 'a JSON object'
        : a.json
          ? 'JSON that is no object'
          : a.body === undefined
            ? 'no body'
            : 'a body that is not JSON';
    if (kind(mock) !== kind(deployment))
      out.push(`error shape: the mock answers ${kind(mock)}, the deployment ${kind(deployment)}`);
    return;
  }
  const [m, d] = [mock.body, deployment.body];
  const shape = (o: Json) =>
    Object.keys(o)
      .filter((k) => !VOLATILE_FIELDS.has(k))
      .map((k) => `${k}: ${Array.isArray(o[k]) ? 'array' : o[k] === null ? 'null' : typeof o[k]}`)
      .sort();
  const [sm, sd] = [shape(m), shape(d)];
  const onlyMock = sm.filter((s) => !sd.includes(s));
  const onlyDeployment = sd.filter((s) => !sm.includes(s));
  if (onlyMock.length || onlyDeployment.length) {
    out.push(
      `error shape: mock {${onlyMock.join(', ') || '...'}}, deployment {${onlyDeployment.join(', ') || '...'}} (beside what both hold)`,
    );
  }
  if (typeof m.status === 'number' && typeof d.status === 'number' && m.status !== d.status) {
    out.push(`error shape at $.status: mock ${m.status}, deployment ${d.status}`);
  }
}

/**
 * The differences between two answers to one request, each a line that starts with its kind
 * (status, error shape, order, count, facet values, fields present, items, values); none when they
 * agree.
 */
export function compareAnswers(mock: Answer, deployment: Answer): string[] {
  if (mock.status !== deployment.status)
    return [`status: mock ${mock.status}, deployment ${deployment.status}`];
  const out: string[] = [];
  if (mock.status >= 400) diffErrors(mock, deployment, out);
  else if (mock.json !== deployment.json) {
    out.push(
      `values at $: the mock answers ${mock.json ? 'JSON' : 'no JSON'}, the deployment ${deployment.json ? 'JSON' : 'no JSON'}`,
    );
  } else diff('$', mock.body, deployment.body, out);
  if (out.length <= MAX_DIFFERENCES) return out;
  return [...out.slice(0, MAX_DIFFERENCES), `... and ${out.length - MAX_DIFFERENCES} more differences`];
}
