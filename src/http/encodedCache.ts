/**
 * Encoded JSON of stored records, by identity. Records are immutable values (a write replaces a
 * record), so a record's bytes never change: a product read a thousand times is serialised and
 * encoded once, and answers are written from those bytes.
 *
 * The bytes live in a ring of slabs that are reused, never freed. A Buffer per record, dropped when
 * the cache moved on, stayed allocated until V8's next full collection, which a read-only load
 * rarely causes. When a slab is reused its records are encoded again the next time they are read.
 * A slab an answer is still being written from (see AnswerHold) is skipped until the answer is done.
 * Measurements: docs/performance.md, "Encoded record cache".
 */
export const SLAB_BYTES = 1024 * 1024;
/**
 * Room for the records a load test or a page of answers keeps reading
 * (docs/performance.md, "Encoded record cache").
 */
export const SLAB_COUNT = 12;
export const ENCODED_CACHE_BYTES = SLAB_BYTES * SLAB_COUNT;
/** A larger record is encoded per answer: it would push a good part of a slab out of the cache. */
const MAX_CACHED_BYTES = SLAB_BYTES / 4;
/**
 * A record read from a slab filled this many fills ago is copied to the current one, so the records
 * in use stay cached whatever the size of the catalog.
 */
const REFRESH_AGE = (SLAB_COUNT * 3) / 4;

interface Slab {
  readonly bytes: Buffer;
  used: number;
  /** Counts reuses: an entry written in an earlier round is stale. */
  round: number;
  /** The fill at which the slab last became the one written to. */
  filledAt: number;
  /** Answers being written from the slab. */
  writers: number;
}

interface Entry {
  slab: Slab;
  round: number;
  bytes: Buffer;
}

const ring: Slab[] = [];
const entries = new WeakMap<object, Entry>();
let current = -1;
let fills = 0;

/** Moves to the next slab of the ring no answer is written from: undefined if there is none. */
function advance(): Slab | undefined {
  for (let tries = 0; tries < SLAB_COUNT; tries++) {
    current = (current + 1) % SLAB_COUNT;
    let slab = ring[current];
    if (slab === undefined) {
      slab = { bytes: Buffer.allocUnsafeSlow(SLAB_BYTES), used: 0, round: 0, filledAt: 0, writers: 0 };
      ring[current] = slab;
    } else if (slab.writers > 0) {
      continue;
    } else {
      slab.used = 0;
      slab.round += 1;
    }
    slab.filledAt = ++fills;
    return slab;
  }
  return undefined;
}

/** Copies the record's JSON (text, or bytes already encoded) into the ring; undefined if it is all held. */
function store(record: object, json: string | Buffer, length: number): Entry | undefined {
  let slab = ring[current];
  if (slab === undefined || slab.used + length > SLAB_BYTES) slab = advance();
  if (slab === undefined) return undefined;
  const bytes = slab.bytes.subarray(slab.used, slab.used + length);
  // Copied with memmove semantics: a refreshed record may come from the slab now being reused.
  if (typeof json === 'string') bytes.write(json);
  else json.copy(bytes);
  slab.used += length;
  const entry = { slab, round: slab.round, bytes };
  entries.set(record, entry);
  return entry;
}

/** The record's cache entry, stored now if it was not there; undefined for a record not cached. */
function cached(record: object): Entry | undefined {
  const entry = entries.get(record);
  if (entry !== undefined && entry.round === entry.slab.round) {
    if (fills - entry.slab.filledAt < REFRESH_AGE) return entry;
    return store(record, entry.bytes, entry.bytes.length) ?? entry;
  }
  return undefined;
}

/** The slab an entry lies in and the bytes; a record too large, or a ring all held, has no slab. */
function encode(record: object): { bytes: Buffer; slab?: Slab } {
  const hit = cached(record);
  if (hit) return hit;
  const json = JSON.stringify(record);
  const length = Buffer.byteLength(json);
  // Encoded straight into a slab: a Buffer per record is what the slabs are there to avoid.
  return (length <= MAX_CACHED_BYTES && store(record, json, length)) || { bytes: Buffer.from(json) };
}

/** The encoded JSON of a record, from the cache when it is there (not held: see AnswerHold). */
export function recordBytes(record: object): Buffer {
  return encode(record).bytes;
}

/**
 * The records of one answer. Each slab a record is taken from is held from that moment, so that
 * encoding the answer's later records cannot reuse it, until release() once the answer is written.
 */
export class AnswerHold {
  #slabs: Slab[] = [];

  bytes(record: object): Buffer {
    const { bytes, slab } = encode(record);
    if (slab !== undefined && !this.#slabs.includes(slab)) {
      slab.writers += 1;
      this.#slabs.push(slab);
    }
    return bytes;
  }

  /** Whether the answer took anything from the slabs. */
  get holding(): boolean {
    return this.#slabs.length > 0;
  }

  release(): void {
    for (const slab of this.#slabs) slab.writers -= 1;
    this.#slabs = [];
  }
}

/** Slabs allocated (never more than SLAB_COUNT), and how many of them answers now hold. */
export function slabUse(): { allocated: number; held: number } {
  return { allocated: ring.length, held: ring.filter((slab) => slab.writers > 0).length };
}
