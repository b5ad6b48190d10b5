// A count in a summary line of a command: `30,000 products`, `1 product type`.

/** `n` with thousands separators, and `noun` in the plural unless `n` is 1. */
export const counted = (n: number, noun: string): string =>
  `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
