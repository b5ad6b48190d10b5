// GS1 check digits: EAN-13 (= GTIN-13) and UPC-A (= GTIN-12) share one rule.
import { flat } from '../domain/flat.js';

/** The GS1 check digit of a body of digits: weights 3,1,3,... from the rightmost digit. */
export function gs1CheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** True when code is all digits, as long as a GTIN-8/12/13/14, and its last digit checks. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || ![8, 12, 13, 14].includes(code.length)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === code.slice(-1);
}

/** EAN-13 from a 3-digit GS1 prefix and a serial: unique per serial within a prefix. */
export function ean13(prefix: string, serial: number): string {
  const body = prefix + String(serial).padStart(9, '0');
  return flat(body, gs1CheckDigit(body));
}

/** UPC-A with number system 0 (regular items): unique per serial below 10^10. */
export function upcA(serial: number): string {
  const body = '0' + String(serial).padStart(10, '0');
  return flat(body, gs1CheckDigit(body));
}
