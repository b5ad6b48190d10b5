// A stand-in terminal for the tests of progress bars (test/cli/progressBars.test.ts, the record
// command's test): what a bar draws on it, frame by frame.

/** A terminal of 40 columns that keeps what is written to it. */
export function terminal(): NodeJS.WriteStream & { text: () => string } {
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
export const TERMINAL_MODES = ['\x1b[?25l', '\x1b[?7l'];

/** A control sequence (CSI) or a cursor save or restore. */
const ESCAPE = new RegExp(`${String.fromCharCode(27)}(\\[[0-9;?]*[A-Za-z]|[78])`, 'g');

/** Each line the bar drew, without its escape sequences: it redraws from the first column. */
export const frames = (text: string): string[] =>
  text
    .split('\x1b[1G')
    .map((frame) => frame.replace(ESCAPE, '').replace(/\r?\n/g, ''))
    .filter((frame) => frame.includes('/'));

/** Where the last frame of the bar whose line starts with `verb` is among `drawn`; -1 when none is. */
export const lastFrame = (drawn: readonly string[], verb: string): number =>
  drawn.map((frame) => frame.startsWith(verb)).lastIndexOf(true);
