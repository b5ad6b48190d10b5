// Equal values of a seed file's products, shared between them as a generated catalog shares them
// (docs/performance.md, "Seed files: equal values shared").

/** Values of a field seen before it is judged; a field more distinct than this share is left alone. */
const FIRST_LOOK = 1_000;
const FIRST_LOOK_DISTINCT = 0.9;
/** A second look, later: a field whose values mostly differ is not worth the keys it keeps. */
const SECOND_LOOK = 10_000;
const SECOND_LOOK_DISTINCT = 0.5;

interface FieldValues {
  seen: number;
  /** Each distinct value by its JSON text; undefined once the field is left alone. */
  byText: Map<string, unknown> | undefined;
}

/**
 * Shares equal object and array values of one top-level field between the records of one file.
 * A parsed record's names, descriptions, brand, statuses and tags repeat across many products, and
 * JSON.parse gives each record its own copy: a 100,000-product file took a third more heap than the
 * same catalog generated. Records are never changed in place once stored, so sharing is safe; the
 * records given here are only just parsed, and nothing else holds them yet.
 *
 * Which fields are shared is learnt from the file: a field whose values mostly differ (prices,
 * variants, anything naming its own product) stops being looked at after a sample of records.
 */
export class ValueSharing {
  readonly #fields = new Map<string, FieldValues>();
  /** Each short string seen, as first seen (see shareStrings). */
  readonly #strings = new Map<string, string>();

  /** The record, with each of its shared fields pointing at the first equal value seen. */
  share(record: unknown): unknown {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) return record;
    const fields = record as Record<string, unknown>;
    // First, while every value in the record is its own: a value shared below is an earlier record's.
    this.#shareStrings(fields);
    for (const name of Object.keys(fields)) {
      const value = fields[name];
      if (typeof value !== 'object' || value === null) continue;
      let field = this.#fields.get(name);
      if (field === undefined) this.#fields.set(name, (field = { seen: 0, byText: new Map() }));
      const byText = field.byText;
      if (byText === undefined) continue;
      const text = JSON.stringify(value);
      // A number beyond a double's range parses as Infinity, which JSON writes as null, like null
      // itself: such values are not shared, so no two records that differ are made equal.
      if (text.includes('null')) continue;
      const first = byText.get(text);
      if (first === undefined) byText.set(text, value);
      else fields[name] = first;
      field.seen++;
      if (field.seen === FIRST_LOOK || field.seen === SECOND_LOOK) {
        const limit = field.seen === FIRST_LOOK ? FIRST_LOOK_DISTINCT : SECOND_LOOK_DISTINCT;
        if (byText.size > field.seen * limit) field.byText = undefined;
      }
    }
    return record;
  }

  /**
   * Each string of up to SHORT_STRING characters anywhere in the record, replaced by an equal one seen
   * before. JSON.parse makes every string anew (V8 shares those of up to 10 characters): a product's
   * variant ids repeat in its prices and stock, its spaces, currencies and price types in every
   * product. 100,000 demo products read took 708 MiB of heap with their own strings, 459 MiB with
   * them shared (docs/performance.md, "Seed files served as read").
   */
  #shareStrings(value: Record<string, unknown> | unknown[]): void {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const shared = this.#shared(value[i]);
        if (shared !== undefined) value[i] = shared;
      }
      return;
    }
    // for...in, not Object.keys: no array of keys made for each of the 50 objects of a product. A
    // parsed record inherits no enumerable key.
    for (const key in value) {
      const shared = this.#shared(value[key]);
      if (shared !== undefined) value[key] = shared;
    }
  }

  /**
   * The string to hold in place of `item`, where it is a string worth sharing; undefined where
   * nothing is to change (an object or array is shared inside, in place). Assigned even when the
   * string found is `=== item`: strings compare by their text, and the point is to hold the first
   * string object in place of this record's own copy.
   */
  #shared(item: unknown): string | undefined {
    if (typeof item === 'string') {
      // JSON.parse already makes equal ones one string (V8 internalizes them).
      if (item.length > SHORT_STRING || item.length < INTERNALIZED_BELOW) return undefined;
      const first = this.#strings.get(item);
      if (first === undefined) this.#strings.set(item, item);
      return first;
    }
    if (typeof item === 'object' && item !== null) this.#shareStrings(item as Record<string, unknown>);
    return undefined;
  }
}

/** The longest string shared between records: ids, codes, names; not descriptions. */
const SHORT_STRING = 64;
/**
 * V8's JSON.parse internalizes a string value shorter than this: node 20's V8 up to 10 characters,
 * later ones below 10 (and only from one-byte text, which a seed file of Latin-1 text decodes to).
 */
const INTERNALIZED_BELOW = 10;
