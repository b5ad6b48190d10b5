// The progress bars of serve, seed and record on a 40-column terminal: each frame fits the width with
// its count shown whole, and no setting of the terminal is changed (src/cli/barOptions.ts). A process
// killed in the middle of a bar, which runs no handler, once left the shell without a cursor and with
// line wrapping off, and the bar's count was cut off at the right edge.
import { afterEach, describe, expect, it } from 'vitest';
import { productBar } from '../../src/cli/productBar.js';
import { seedProgress } from '../../src/cli/seedProgress.js';

/** A terminal of 40 columns that keeps what is written to it. */
function terminal(): NodeJS.WriteStream & { text: () => string } {
  let written = '';
  const stream = {
    isTTY: true,
    columns: 40,
    rows: 24,
    write(chunk: string | Uint8Array) {
      written += String(chunk);
      return true;
    },
    cursorTo(x: number) {
      written += `\x1b[${x + 1}G`;
      return true;
    },
    clearLine() {
      written += '\x1b[0K';
      return true;
    },
    moveCursor() {
      return true;
    },
    text: () => written,
  };
  return stream as unknown as NodeJS.WriteStream & { text: () => string };
}

/** The modes a bar could set and a killed process not give back: cursor hidden, line wrapping off. */
const TERMINAL_MODES = ['\x1b[?25l', '\x1b[?7l'];

/** A control sequence (CSI) or a cursor save or restore. */
const ESCAPE = new RegExp(`${String.fromCharCode(27)}(\\[[0-9;?]*[A-Za-z]|[78])`, 'g');

/** Each line the bar drew, without its escape sequences: it redraws from the first column. */
const frames = (text: string): string[] =>
  text
    .split('\x1b[1G')
    .map((frame) => frame.replace(ESCAPE, '').replace(/\r?\n/g, ''))
    .filter((frame) => frame.includes('/'));

describe('progress bars on a narrow terminal', () => {
  it('seed and record: the bar fits 40 columns with its count, and sets no terminal mode', () => {
    const tty = terminal();
    const bar = productBar(tty, 'generating');
    for (let done = 0; done <= 30_000; done += 10_000) bar.update?.(done, 30_000);
    bar.stop();
    for (const mode of TERMINAL_MODES) expect(tty.text()).not.toContain(mode);
    const drawn = frames(tty.text());
    expect(drawn.at(-1)).toContain('30000/30000 products');
    for (const frame of drawn) expect(frame.length).toBeLessThan(40);
  });

  describe('serve', () => {
    const original = Object.getOwnPropertyDescriptors(process.stderr);
    afterEach(() => {
      for (const key of ['isTTY', 'columns', 'write', 'cursorTo', 'clearLine', 'moveCursor'] as const) {
        const own = original[key];
        if (own) Object.defineProperty(process.stderr, key, own);
        else delete (process.stderr as unknown as Record<string, unknown>)[key];
      }
    });

    /** process.stderr as the 40-column terminal returned, until the test ends. */
    function stderrOnTerminal(): ReturnType<typeof terminal> {
      const tty = terminal();
      for (const key of ['isTTY', 'columns', 'write', 'cursorTo', 'clearLine', 'moveCursor'] as const) {
        Object.defineProperty(process.stderr, key, { value: tty[key], configurable: true, writable: true });
      }
      return tty;
    }

    it('draws the bar as each report comes, with no wait: --no-tune generates the seed in one synchronous stretch', () => {
      const tty = stderrOnTerminal();
      const progress = seedProgress('30000', () => undefined);
      progress.progress(0, 30_000, 'generating');
      expect(frames(tty.text()).at(-1)).toContain('0/30000 products');
      progress.abandon();
    });

    it("a large seed's bar fits 40 columns with its count, and sets no terminal mode", async () => {
      const tty = stderrOnTerminal();
      const progress = seedProgress('30000', () => undefined);
      for (let done = 0; done <= 30_000; done += 10_000) progress.progress(done, 30_000, 'generating');
      await progress.stop();
      for (const mode of TERMINAL_MODES) expect(tty.text()).not.toContain(mode);
      const drawn = frames(tty.text());
      expect(drawn.at(-1)).toContain('30000/30000 products');
      for (const frame of drawn) expect(frame.length).toBeLessThan(40);
    });
  });
});
