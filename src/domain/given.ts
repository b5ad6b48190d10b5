// The value a request gave, as an error message shows it after what was expected: "must be a whole
// number (got "x")". One wording for every message that says what was sent: the schema checks
// (src/openapi/ajvMessages.ts), the filter language (filter.ts) and the checks schemas cannot make.

/** A string given is shown up to this many characters: enough to recognise, not a page of it. */
const SHOWN_CHARACTERS = 80;

/**
 * The value given, as a message shows it: a scalar as JSON ("abc" quoted, 1.5, null), a list or an
 * object by its kind, a long string cut short. A number too large to be finite (1e400, which
 * JSON.parse reads as Infinity) is said in words: JSON would write it as null, which it was not.
 */
export function shown(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  if (typeof value === 'number' && !Number.isFinite(value)) {
    return Number.isNaN(value) ? 'not a number' : 'a number too large to be finite';
  }
  if (typeof value === 'string') return cutShort(value, true);
  return JSON.stringify(value) ?? String(value);
}

/** A text as a message shows it, `quoted` as JSON or bare: a long one cut short, with its length. */
function cutShort(text: string, quoted: boolean): string {
  const quote = (part: string) => (quoted ? JSON.stringify(part) : part);
  if (text.length <= SHOWN_CHARACTERS) return quote(text);
  const start = quote(text.slice(0, SHOWN_CHARACTERS) + '…');
  return `${start}, ${text.length} characters`;
}

/** A name as a message shows it, unquoted: a long one cut short, with its length. */
export const shownName = (name: string): string => cutShort(name, false);

/**
 * What was given, after what was expected. Every message that knows the value ends so; withoutGiven
 * takes it off, where problems found at many places are said once (the contract suite's report).
 */
export const given = (value: unknown): string => ` (got ${shown(value)})`;

/**
 * Text a request sent where a number belongs (a query's `limit`), shown as sent: a decimal number
 * unquoted and cut short as a long string is, anything else quoted as a string. Not the number it
 * was read as: `limit=999999999999999999999` reads as 1e21, which JavaScript writes `1e+21`, and
 * `page=-0` as 0; a person looks for what they typed.
 */
export function givenText(text: string): string {
  return /^[+-]?\d+(\.\d+)?$/.test(text) ? ` (got ${cutShort(text, false)})` : given(text);
}

/** A message without its " (got …)": the rule broken, whatever the value was. */
export const withoutGiven = (message: string): string => message.replace(/ \(got .*\)$/s, '');
