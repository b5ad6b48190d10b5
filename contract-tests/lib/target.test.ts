import { describe, expect, it } from 'vitest';
import { flag, targetFromEnv } from './target.js';

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
