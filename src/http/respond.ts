import type { Response } from 'express';
import { dataAnswer, type RecordSource } from '../pipeline/answers.js';
import type { MockAnswer } from '../pipeline/types.js';
import { JOURNAL_ANSWER_BYTES, JOURNAL_ANSWER_HELD_BYTES } from '../workbench/requestJournal.js';
import { AnswerHold } from './encodedCache.js';

/** How far below the answer's JSON records are looked for: { data: { list: [product] } }, { data: product }. */
const RECORD_DEPTH = 3;

/**
 * The most stored records an answer encodes in one turn of the event loop. A page of 10,000
 * products (85 MB) took half a second to encode in one go, in which no other request was answered;
 * in turns of 500 a plain read waits for one turn, a few milliseconds (docs/performance.md, "Large
 * pages").
 */
const RECORDS_PER_TURN = 500;

/**
 * Appends the JSON of value to chunks: stored records as their cached bytes, the rest as text.
 * Yields after each stored record, so that its caller can stop for a turn.
 */
function* collect(
  value: unknown,
  depth: number,
  chunks: (Buffer | string)[],
  hold: AnswerHold,
  records: RecordSource,
): Generator<void, void, void> {
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    chunks.push(JSON.stringify(value) ?? 'null');
  } else if (records.holds(value)) {
    chunks.push(hold.bytes(value));
    yield;
  } else if (depth === 0) {
    chunks.push(JSON.stringify(value));
  } else if (Array.isArray(value)) {
    chunks.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) chunks.push(',');
      yield* collect(value[i], depth - 1, chunks, hold, records);
    }
    chunks.push(']');
  } else {
    chunks.push('{');
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      chunks.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      yield* collect(item, depth - 1, chunks, hold, records);
    }
    chunks.push('}');
  }
}

/** Runs the steps for at most RECORDS_PER_TURN records: whether they are all done. */
function runTurn(steps: Generator<void, void, void>): boolean {
  for (let n = 0; n < RECORDS_PER_TURN; n++) if (steps.next().done === true) return true;
  return false;
}

/** Where the first JOURNAL_ANSWER_BYTES of a larger answer are gathered: one buffer, reused. */
const firstBytes = Buffer.allocUnsafeSlow(JOURNAL_ANSWER_BYTES);

/** The text of the first JOURNAL_ANSWER_BYTES of the chunks, ending on a whole character. */
export function firstText(chunks: readonly (Buffer | string)[]): string {
  let used = 0;
  for (const chunk of chunks) {
    if (used === JOURNAL_ANSWER_BYTES) break;
    // write() puts in whole characters only; copy() may end inside one, dropped below.
    used += typeof chunk === 'string' ? firstBytes.write(chunk, used) : chunk.copy(firstBytes, used);
  }
  // A UTF-8 character cut at the end is left out: the text ends before its first byte.
  let lead = used - 1;
  while (lead > 0 && ((firstBytes[lead] as number) & 0xc0) === 0x80) lead--;
  const first = firstBytes[lead] as number;
  const size = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  return firstBytes.toString('utf8', 0, used > 0 && lead + size > used ? lead : used);
}

/**
 * What the request journal keeps of an answer's body (docs/behaviour.md, "Request journal"), for
 * workbenchHook.ts: its size, and the string it was written from (not a copy); or the value written
 * from stored records' cached bytes, by reference (turned into text only when an entry is asked
 * for); or the first 16 KiB of a larger one as text.
 */
function keepForJournal(
  res: Response,
  answer: MockAnswer,
  chunks: (Buffer | string)[],
  length: number,
): void {
  if (answer.json === undefined || res.req.method === 'HEAD') return;
  res.locals.answerBytes = length;
  const text = chunks.length === 1 && typeof chunks[0] === 'string';
  if (text && length <= JOURNAL_ANSWER_BYTES) res.locals.answerText = chunks[0];
  else if (!text && length <= JOURNAL_ANSWER_HELD_BYTES) res.locals.answerJson = answer.json;
  else res.locals.answerText = firstText(chunks);
}

/**
 * Writes a pipeline answer. Stored records come from the encoded cache, and the chunks are written
 * as they are, in one corked write: copying them into one new buffer per answer made every answer
 * allocate fresh memory outside the heap (docs/performance.md, "Answers written from cached bytes").
 * A page of more than RECORDS_PER_TURN stored records is encoded in turns: the promise settles once
 * it is written.
 */
export function writeAnswer(res: Response, answer: MockAnswer): void | Promise<void> {
  // A client gone while the answer was prepared gets nothing: there is nothing to write to.
  if (res.destroyed) return;
  if (answer.closeWithoutAnswer) {
    // For the request log and journal (workbenchHook.ts), which see a response closed unanswered.
    res.locals.closedByMock = answer;
    // A reset (RST), not a FIN: a client then fails as on a dropped connection, not on a short answer.
    res.socket?.resetAndDestroy();
    return;
  }
  const hold = new AnswerHold();
  const chunks: (Buffer | string)[] = [];
  if (answer.json !== undefined && answer.records) {
    const steps = collect(answer.json, RECORD_DEPTH, chunks, hold, answer.records);
    if (!runTurn(steps)) return encodeInTurns(res, answer, steps, chunks, hold);
  } else if (answer.json !== undefined) {
    chunks.push(JSON.stringify(answer.json));
  }
  writeChunks(res, answer, chunks, hold);
}

/**
 * The rest of a large page encoded a turn at a time, other requests answered between the turns;
 * then written. A client gone meanwhile gets nothing, and the cache's slabs are let go. Settles once
 * written; a throw rejects it, for the caller to answer as a throw of writeAnswer itself.
 */
function encodeInTurns(
  res: Response,
  answer: MockAnswer,
  steps: Generator<void, void, void>,
  chunks: (Buffer | string)[],
  hold: AnswerHold,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const turn = (): void => {
      try {
        if (res.destroyed) {
          hold.release();
          resolve();
        } else if (runTurn(steps)) {
          writeChunks(res, answer, chunks, hold);
          resolve();
        } else {
          setImmediate(turn);
        }
      } catch (err) {
        hold.release();
        reject(err);
      }
    };
    setImmediate(turn);
  });
}

/** Writes an answer's chunks: its status, headers and body, or half of it (`cutOff`). */
function writeChunks(res: Response, answer: MockAnswer, chunks: (Buffer | string)[], hold: AnswerHold): void {
  let length = 0;
  for (const chunk of chunks) length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  res.statusCode = answer.status;
  // For the request log and journal (workbenchHook.ts), read once the answer is written.
  res.locals.operation = answer.operation;
  if (answer.status >= 400)
    res.locals.errorMessage = (answer.json as { message?: string } | null | undefined)?.message;
  for (const name in answer.headers) res.setHeader(name, answer.headers[name] as string);
  res.setHeader('Content-Length', length);
  // Written from the cache's memory: it is held until the answer is written or the client gone.
  if (hold.holding) res.once('close', () => hold.release());
  if (answer.cutOff) {
    writeCutOff(res, chunks, length, answer.cutOff);
    return;
  }
  keepForJournal(res, answer, chunks, length);
  writeBody(res, chunks, 0);
}

/**
 * The most chunks written in one turn: a record and the comma after it are two. Writing the 20,000
 * chunks of a page of 10,000 products took a fifth of a second in one go.
 */
const CHUNKS_PER_TURN = 2 * RECORDS_PER_TURN;

/** Writes the chunks from `from` on, corked, a turn at a time, and ends the answer after the last. */
function writeBody(res: Response, chunks: readonly (Buffer | string)[], from: number): void {
  const end = Math.min(chunks.length, from + CHUNKS_PER_TURN);
  res.cork();
  for (let i = from; i < end; i++) res.write(chunks[i] as Buffer | string);
  if (end === chunks.length) res.end();
  res.uncork();
  if (end < chunks.length) {
    setImmediate(() => {
      if (!res.destroyed) writeBody(res, chunks, end);
    });
  }
}

/**
 * The status, the headers and the first half of an answer's bytes, then the connection closed with
 * a FIN, not a reset: the client has the whole head and a body shorter than its Content-Length, so
 * reading the body fails, as when a connection drops halfway through an answer (a simulated
 * `network=cut`, docs/behaviour.md, "Simulated failures and latency"). Rare: the bytes are copied.
 */
function writeCutOff(res: Response, chunks: (Buffer | string)[], length: number, logged: MockAnswer): void {
  res.locals.closedByMock = logged;
  const bytes = Buffer.concat(
    chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)),
  );
  // The head on its own: a HEAD answer writes no body, and without this would send no head either.
  res.flushHeaders();
  res.write(bytes.subarray(0, Math.floor(length / 2)), () => res.socket?.destroy());
}

/** A 2xx answer in the { data } envelope, written by express code outside the pipeline (admin routes). */
export function sendData(res: Response, payload: unknown, records?: RecordSource, status = 200): void {
  // A page written in turns that throws: the connection is dropped, as express drops one whose
  // answer was begun.
  void writeAnswer(res, dataAnswer(payload, records, status))?.catch((err: unknown) =>
    res.destroy(err as Error),
  );
}
