/**
 * The invariant every cache relies on: a stored record is never changed in place (a write stores a
 * new record). With PRODUCT_CATALOG_MOCK_FREEZE_RECORDS=1, as the test suite runs, every record is
 * deep-frozen as it enters the store, so code that edits one in place throws (a 500, failing a test)
 * instead of serving stale cached JSON. Off otherwise: freezing a large catalog costs start-up time.
 */
const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
export const FREEZE_RECORDS = env?.PRODUCT_CATALOG_MOCK_FREEZE_RECORDS === '1';

function deepFreeze<T>(value: T): T {
  // A frozen object was frozen whole here already: records share parts (seeds share equal values).
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/** The record as the store keeps it: deep-frozen when the invariant is being checked. */
export const admitRecord: <T>(record: T) => T = FREEZE_RECORDS ? deepFreeze : (record) => record;
