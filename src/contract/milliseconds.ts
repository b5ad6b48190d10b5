// How a number of milliseconds is read, from --settle-ms and CONTRACT_SETTLE_MS alike.

/**
 * Decimal digits only, or undefined. Number() alone reads " " as 0 and "0x10" as 16: a value that
 * was not meant as a wait would silently become one.
 */
export const wholeMilliseconds = (text: string): number | undefined =>
  /^[0-9]+$/.test(text) ? Number(text) : undefined;
