// The EPC lookups the published client calls: docs/behaviour.md, "What the published client calls
// beyond the specification". Decoding is injected: the domain names no EPC library.

/** The GTIN-14 an SGTIN EPC carries; throws a 400 for a code that is not an SGTIN. */
export type GtinDecoder = (epc: string) => string;

/** The EAN-13 of a GTIN-14: without its leading indicator 0. A GTIN-14 with another indicator has none, and is answered whole. */
export function eanOfGtin(gtin14: string): string {
  return gtin14.length === 14 && gtin14.startsWith('0') ? gtin14.slice(1) : gtin14;
}
