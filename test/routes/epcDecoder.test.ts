import { describe, expect, it } from 'vitest';
import { eanOfGtin } from '../../src/domain/epc.js';
import { gtinOfEpc } from '../../src/routes/epcDecoder.js';

// The GS1 EPC Tag Data Standard's own example: one SGTIN in its three forms, GTIN 80614141123458.
const GTIN = '80614141123458';

describe('EPC decoding', () => {
  it.each([
    ['SGTIN-96 hex', '3074257BF7194E4000001A85'],
    ['SGTIN-96 hex in lower case', '3074257bf7194e4000001a85'],
    ['the pure-identity URI', 'urn:epc:id:sgtin:0614141.812345.6789'],
    ['the tag URI', 'urn:epc:tag:sgtin-96:3.0614141.812345.6789'],
  ])('finds the GTIN-14 of %s', (_form, epc) => {
    expect(gtinOfEpc(epc)).toBe(GTIN);
  });

  it('keeps the leading zeros of a company prefix (check digit 0: 3·1 + 5 + 3·4 + 3 + 3·2 + 1 = 30)', () => {
    expect(gtinOfEpc('urn:epc:id:sgtin:0012345.000001.1')).toBe('00012345000010');
  });

  it.each([
    ['an SSCC-96', '3178E61C883950F59A000000', /not an SGTIN/],
    ['text', 'hello', /neither an EPC in hex nor an SGTIN URI/],
    ['a URI whose parts are not 13 digits', 'urn:epc:id:sgtin:0614141.81234.6789', /13 digits/],
    // Not "neither an EPC in hex nor an SGTIN URI": each says what its form lacks.
    [
      'a URI whose company prefix is too short',
      'urn:epc:id:sgtin:1.2.3',
      'EPC "urn:epc:id:sgtin:1.2.3" is not an SGTIN URI urn:epc:id:sgtin:<company prefix>.<indicator and item reference>.<serial>, whose company prefix has 6 to 12 digits and 13 with the item reference; expected an SGTIN',
    ],
    ['a URI without a serial', 'urn:epc:id:sgtin:0614141.812345', /is not an SGTIN URI urn:epc:id:sgtin:/],
    [
      'a tag URI the library cannot read',
      'urn:epc:tag:sgtin-96:9.1.2.3',
      /is not an SGTIN tag URI urn:epc:tag:sgtin-96:<filter>/,
    ],
    [
      'hex with a header no scheme has',
      'FF74257BF7194E4000001A85',
      'EPC "FF74257BF7194E4000001A85" is hex, but its header FF names no EPC scheme (SGTIN-96 starts with 30, SGTIN-198 with 36); expected an SGTIN',
    ],
    ['hex too short for its scheme', '3074257B', /too short/],
    // a digit more than SGTIN-96's 24 was read as if it were not there, and named another GTIN
    [
      'hex too long for its scheme',
      '3074257BF7194E4000001A855',
      /is 25 hex digits, too long for its scheme \(24\)/,
    ],
    ['SGTIN-96 hex with 8 more digits', '3074257BF7194E4000001A8500000000', /too long/],
  ])('refuses %s with a 400 that says why', (_what, epc, why) => {
    expect(() => gtinOfEpc(epc)).toThrow(why);
    try {
      gtinOfEpc(epc);
    } catch (err) {
      expect(err).toMatchObject({ kind: 'invalid' });
    }
  });

  it('gives the EAN-13 of a GTIN-14 by dropping its leading 0, and keeps another indicator', () => {
    expect(eanOfGtin('04006381333931')).toBe('4006381333931');
    expect(eanOfGtin(GTIN)).toBe(GTIN);
  });
});
