// EPC decoding for the EPC lookups the published client calls, by the epc-tds library (GS1 EPC Tag
// Data Standard); kept here so the domain stays free of it. docs/behaviour.md, "What the published
// client calls beyond the specification".
import epcTdsModule from 'epc-tds';
import { CatalogError, badRequest } from '../domain/errors.js';
import type { GtinDecoder } from '../domain/epc.js';
import { shown } from '../domain/given.js';

// The package sets module.exports to its API object, while its typings declare that object the
// default export: under NodeNext, TypeScript types the default import as the whole module.
const tds = epcTdsModule as unknown as typeof epcTdsModule.default;

/** `urn:epc:id:sgtin:<companyPrefix>.<indicator + itemReference>.<serial>`: 13 digits before the serial. */
const PURE_IDENTITY = /^urn:epc:id:sgtin:(\d{6,12})\.(\d{1,7})\.[^.]+$/i;
const TAG_URI = /^urn:epc:tag:sgtin-(96|198):/i;
const HEX = /^[0-9a-f]+$/i;
const GTIN_14 = /^\d{14}$/;

const EXAMPLES = 'SGTIN-96 hex such as 3034F487B4209C4000000005, or urn:epc:id:sgtin:4006381.033393.5';

const notAnSgtin = (code: string, why: string) =>
  badRequest(`EPC ${shown(code)} ${why}; expected an SGTIN: ${EXAMPLES}`);

/**
 * Why a code the library cannot read is none, by the form it has: "neither hex nor a URI" said of
 * an SGTIN URI with a short company prefix, or of hex with an unknown header, told nothing to fix.
 */
function unreadable(code: string): string {
  if (/^urn:epc:id:sgtin:/i.test(code)) {
    return 'is not an SGTIN URI urn:epc:id:sgtin:<company prefix>.<indicator and item reference>.<serial>, whose company prefix has 6 to 12 digits and 13 with the item reference';
  }
  if (TAG_URI.test(code)) {
    return 'is not an SGTIN tag URI urn:epc:tag:sgtin-96:<filter>.<company prefix>.<indicator and item reference>.<serial>';
  }
  if (HEX.test(code)) {
    return `is hex, but its header ${code.slice(0, 2).toUpperCase()} names no EPC scheme (SGTIN-96 starts with 30, SGTIN-198 with 36)`;
  }
  return 'is neither an EPC in hex nor an SGTIN URI';
}

/** The decoded tag: an SGTIN answers its GTIN-14, any other scheme is refused by name. */
function gtinOfTag(code: string, tag: ReturnType<typeof tds.valueOf>): string {
  if (!(tag instanceof tds.Sgtin96 || tag instanceof tds.Sgtin198)) {
    throw notAnSgtin(code, `is a ${tag.constructor.name} EPC, not an SGTIN`);
  }
  const gtin = tag.getGtin();
  if (!GTIN_14.test(gtin)) throw notAnSgtin(code, 'does not carry a valid GTIN');
  return gtin;
}

/** The GTIN-14 an SGTIN EPC carries; a 400 that says why for anything else. */
export const gtinOfEpc: GtinDecoder = (raw) => {
  const code = raw.trim();
  const pure = PURE_IDENTITY.exec(code);
  if (pure) {
    const [, companyPrefix = '', itemReference = ''] = pure;
    if (companyPrefix.length + itemReference.length !== 13) {
      throw notAnSgtin(code, 'has a company prefix and item reference that are not 13 digits together');
    }
    // The serial plays no part in the GTIN: SGTIN-96's partition table places the two parts.
    const tag = new tds.Sgtin96()
      .setPartition(12 - companyPrefix.length)
      .setCompanyPrefix(Number(companyPrefix))
      .setItemReference(Number(itemReference));
    return gtinOfTag(code, tag);
  }
  let tag: ReturnType<typeof tds.valueOf>;
  try {
    if (TAG_URI.test(code)) tag = tds.fromTagURI(code);
    else if (HEX.test(code)) tag = tds.valueOf(code);
    else throw new Error('not hex');
  } catch {
    throw notAnSgtin(code, unreadable(code));
  }
  // Its bits, in hex digits or in the 16-bit words a reader gives: SGTIN-96 24 digits, SGTIN-198 50
  // or 52. More digits were read as if they were not there, and named another product's GTIN.
  const bits = tag.getTotalBits();
  const [fewest, most] = [Math.ceil(bits / 4), Math.ceil(bits / 16) * 4];
  if (HEX.test(code) && (code.length < fewest || code.length > most)) {
    const size = code.length < fewest ? 'too short' : 'too long';
    const wanted = fewest === most ? `${fewest}` : `${fewest} to ${most}`;
    throw notAnSgtin(code, `is ${code.length} hex digits, ${size} for its scheme (${wanted})`);
  }
  try {
    return gtinOfTag(code, tag);
  } catch (err) {
    if (err instanceof CatalogError) throw err;
    throw notAnSgtin(code, 'cannot be decoded');
  }
};
