import type { Response } from 'express';
import { dataAnswer, type RecordSource } from '../pipeline/answers.js';
import type { MockAnswer } from '../pipeline/types.js';
import { JOURNAL_ANSWER_BYTES, JOURNAL_ANSWER_HELD_BYTES } from '../workbench/requestJournal.js';
import { AnswerHold } from './encodedCache.js';

/** How far below the answer's JSON records are looked for: { data: { list: [product] } }, { data: product }. */
const RECORD_DEPTH = 3;

/** Appends the JSON of value to chunks: stored records as their cached bytes, the rest as text. */
function collect(
  value: unknown,
  depth: number,
  chunks: (Buffer | string)[],
  hold: AnswerHold,
  records: RecordSource,
): void {
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    chunks.push(JSON.stringify(value) ?? 'null');
  } else if (records.holds(value)) {
    chunks.push(hold.bytes(value));
  } else if (depth === 0) {
    chunks.push(JSON.stringify(value));
  } else if (Array.isArray(value)) {
    chunks.push('[');
    value.forEach((item: unknown, i) => {
      if (i > 0) chunks.push(',');
      collect(item, depth - 1, chunks, hold, records);
    });
    chunks.push(']');
  } else {
    chunks.push('{');
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      chunks.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      collect(item, depth - 1, chunks, hold, records);
    }
    chunks.push('}');
  }
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
 */
export function writeAnswer(res: Response, answer: MockAnswer): void {
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
  if (answer.json !== undefined) {
    if (answer.records) collect(answer.json, RECORD_DEPTH, chunks, hold, answer.records);
    else chunks.push(JSON.stringify(answer.json));
  }
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
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
  res.uncork();
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
  writeAnswer(res, dataAnswer(payload, records, status));
}
