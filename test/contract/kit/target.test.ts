import { describe, expect, it } from 'vitest';
import { flag, targetFromEnv } from '../../../src/contract/suite/target.js';

describe('the target read from CONTRACT_* variables', () => {
  it('reads a yes/no variable from 1, true, yes or 0, false, no, in any case; unset is no', () => {
    for (const on of ['1', 'true', 'TRUE', 'Yes', ' yes ']) expect(flag({ X: on }, 'X'), on).toBe(true);
    for (const off of ['0', 'false', 'False', 'NO']) expect(flag({ X: off }, 'X'), off).toBe(false);
    expect(flag({}, 'X')).toBe(false);
  });

  it('refuses any other value, naming the variable and the values it takes, rather than reading it as no', () => {
    for (const value of ['on', 'y', '2', '', 'readonly']) {
      expect(() => flag({ CONTRACT_READONLY: value }, 'CONTRACT_READONLY'), value).toThrow(
        `CONTRACT_READONLY must be one of 1, true, yes (on) or 0, false, no (off), in any case; got "${value}"`,
      );
    }
  });

  it('takes the run prefix from CONTRACT_RUN_PREFIX, when it has the shape of one', () => {
    expect(targetFromEnv({ CONTRACT_RUN_PREFIX: 'ct-mwtqi3co-468ec119-' }).runPrefix).toBe(
      'ct-mwtqi3co-468ec119-',
    );
    expect(targetFromEnv({}).runPrefix).toMatch(/^ct-[a-z0-9]+-[a-f0-9]{8}-$/);
    expect(() => targetFromEnv({ CONTRACT_RUN_PREFIX: 'shop-' })).toThrow(
      /^CONTRACT_RUN_PREFIX: "shop-" is not the prefix of a contract run/,
    );
  });

  it('reads CONTRACT_SETTLE_MS as decimal digits only; unset or empty is the default', () => {
    expect(targetFromEnv({ CONTRACT_SETTLE_MS: '250' }).settleMs).toBe(250);
    expect(targetFromEnv({ CONTRACT_SETTLE_MS: '0' }).settleMs).toBe(0);
    expect(targetFromEnv({ CONTRACT_SETTLE_MS: '' }).settleMs).toBe(300);
    expect(targetFromEnv({ CONTRACT_BASE_URL: 'http://127.0.0.1:1/a/b' }).settleMs).toBe(5000);
    // Number() reads the first two as 0 and 16
    for (const value of [' ', '0x10', '1e3', '-1', '1.5', '12 ', 'abc']) {
      expect(() => targetFromEnv({ CONTRACT_SETTLE_MS: value }), JSON.stringify(value)).toThrow(
        `CONTRACT_SETTLE_MS must be a whole number of milliseconds (digits only), got "${value}"`,
      );
    }
  });

  it('read-only and --no-destructive follow the same rule', () => {
    expect(targetFromEnv({ CONTRACT_READONLY: 'TRUE' }).readonly).toBe(true);
    expect(targetFromEnv({ CONTRACT_READONLY: 'no' }).readonly).toBe(false);
    expect(targetFromEnv({ CONTRACT_NO_DESTRUCTIVE: 'Yes' }).destructive).toBe(false);
    expect(targetFromEnv({}).destructive).toBe(true);
    expect(() => targetFromEnv({ CONTRACT_NO_DESTRUCTIVE: 'sure' })).toThrow(
      /CONTRACT_NO_DESTRUCTIVE must be/,
    );
  });
});
