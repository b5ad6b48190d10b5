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

  /** The record, with each of its shared fields pointing at the first equal value seen. */
  share(record: unknown): unknown {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) return record;
    const fields = record as Record<string, unknown>;
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
}
