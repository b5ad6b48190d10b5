import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { milliseconds } from '../../src/cli/optionValues.js';

describe('--settle-ms', () => {
  it('takes decimal digits only, as CONTRACT_SETTLE_MS does', () => {
    expect(milliseconds('0')).toBe(0);
    expect(milliseconds('1500')).toBe(1500);
    // Number() reads the first two as 0 and 16
    for (const value of [' ', '0x10', '1e3', '-5', '2.5', ''])
      expect(() => milliseconds(value), JSON.stringify(value)).toThrow(InvalidArgumentError);
  });
});
