import { describe, expect, it } from 'vitest';
import { serverOnOwnThread } from '../../src/cli/tuning.js';

describe('process tuning: where the server runs', () => {
  it('runs the server on a tuned thread of its own by default', () => {
    expect(serverOnOwnThread(true, false)).toBe(true);
  });

  it('keeps it on the main thread with --no-tune', () => {
    expect(serverOnOwnThread(false, false)).toBe(false);
  });

  it('keeps it on the main thread under an inspector, which attaches there', () => {
    expect(serverOnOwnThread(true, true)).toBe(false);
    expect(serverOnOwnThread(false, true)).toBe(false);
  });
});
