import { describe, expect, it } from 'vitest';
import { firstText } from '../../src/http/respond.js';
import { JOURNAL_ANSWER_BYTES } from '../../src/workbench/requestJournal.js';

describe("the first 16 KiB of an answer's body, as the journal keeps them", () => {
  it('are its text from strings and cached bytes alike, up to the bound', () => {
    expect(firstText(['{"data":', Buffer.from('{"a":"é"}'), '}'])).toBe('{"data":{"a":"é"}}');
    const long = 'x'.repeat(JOURNAL_ANSWER_BYTES * 2);
    expect(firstText(['[', Buffer.from(long)])).toBe(`[${'x'.repeat(JOURNAL_ANSWER_BYTES - 1)}`);
  });

  it('end before a character the bound cuts, from bytes or from a string', () => {
    // 'é' is two bytes, '€' three, '𝄞' four: each made to straddle the bound.
    for (const char of ['é', '€', '𝄞']) {
      const before = 'x'.repeat(JOURNAL_ANSWER_BYTES - 1);
      for (const chunks of [[before + char + 'y'], [Buffer.from(before + char + 'y')]]) {
        expect(firstText(chunks)).toBe(before);
      }
    }
    const whole = 'x'.repeat(JOURNAL_ANSWER_BYTES - 2) + 'é';
    expect(firstText([Buffer.from(whole + 'y')])).toBe(whole);
  });
});
