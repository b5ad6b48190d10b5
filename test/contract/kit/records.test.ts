import { describe, expect, it } from 'vitest';
import { isValidGtin } from '../../../src/seed/barcodes.js';
import { testBarcode } from '../../../src/contract/suite/records.js';

describe('the barcodes a run writes', () => {
  it('are valid EAN-13s of the restricted circulation range, which no trade item carries', () => {
    const codes = Array.from({ length: 200 }, testBarcode);
    for (const code of codes) {
      expect(code).toMatch(/^2\d{12}$/);
      expect(isValidGtin(code)).toBe(true);
    }
    // Random per call, so concurrent runs on one deployment do not share one.
    expect(new Set(codes).size).toBeGreaterThan(190);
  });
});
