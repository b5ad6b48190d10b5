// When the readable request log is in colour (src/workbench/logColour.ts).
import { describe, expect, it } from 'vitest';
import { logInColour } from '../../src/workbench/logColour.js';

const terminal = { isTTY: true };
const pipe = { isTTY: false };

describe('logInColour', () => {
  it('colours a terminal, and neither a pipe nor a file', () => {
    expect(logInColour(terminal, {})).toBe(true);
    expect(logInColour(pipe, {})).toBe(false);
  });

  it('takes NO_COLOR set to anything but the empty string, and TERM=dumb, as no colour', () => {
    expect(logInColour(terminal, { NO_COLOR: '1' })).toBe(false);
    expect(logInColour(terminal, { NO_COLOR: '' })).toBe(true);
    expect(logInColour(terminal, { TERM: 'dumb' })).toBe(false);
  });

  it('lets FORCE_COLOR decide wherever the log goes, over NO_COLOR, as node does', () => {
    expect(logInColour(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(logInColour(pipe, { FORCE_COLOR: '' })).toBe(true);
    expect(logInColour(terminal, { FORCE_COLOR: '0' })).toBe(false);
    expect(logInColour(terminal, { FORCE_COLOR: 'false' })).toBe(false);
    expect(logInColour(pipe, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
  });
});
