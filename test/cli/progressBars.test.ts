// The progress bars of serve, seed and record on a 40-column terminal: each frame fits the width with
// its count shown whole, and no setting of the terminal is changed (src/cli/terminal/progressBarOptions.ts). A process
// killed in the middle of a bar, which runs no handler, once left the shell without a cursor and with
// line wrapping off, and the bar's count was cut off at the right edge.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSeedCommand } from '../../src/cli/seed/seedCommand.js';
import { productBar } from '../../src/cli/terminal/productBar.js';
import { seedProgress } from '../../src/cli/serve/seedProgress.js';
import type { SeedCache } from '../../src/cli/serve/startServing.js';
import { frames, lastFrame, terminal, TERMINAL_MODES } from '../terminal.js';

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

  it('seed: a bar follows the writing of the file too, on a line of its own below the generating one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bars-'));
    try {
      const tty = terminal();
      const code = await runSeedCommand({ seed: '2500', out: join(dir, 'seed.json'), stderr: tty });
      expect(code).toBe(0);
      const drawn = frames(tty.text());
      const generated = lastFrame(drawn, 'generating');
      const written = lastFrame(drawn, 'writing');
      expect(drawn[generated]).toContain('2500/2500 products');
      expect(drawn[written]).toContain('2500/2500 products');
      expect(written).toBeGreaterThan(generated);
      // The generating bar's line is ended before the writing bar starts below it.
      const text = tty.text();
      expect(text.slice(text.lastIndexOf('generating'), text.indexOf('writing'))).toContain('\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
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
      progress.stop();
    });

    it("a large seed's bar fits 40 columns with its count, and sets no terminal mode", async () => {
      const tty = stderrOnTerminal();
      const progress = seedProgress('30000', () => undefined);
      for (let done = 0; done <= 30_000; done += 10_000) progress.progress(done, 30_000, 'generating');
      progress.stop();
      for (const mode of TERMINAL_MODES) expect(tty.text()).not.toContain(mode);
      const drawn = frames(tty.text());
      expect(drawn.at(-1)).toContain('30000/30000 products');
      for (const frame of drawn) expect(frame.length).toBeLessThan(40);
    });
  });
});

describe('the ready line of a large generated seed', () => {
  const lines = (cache?: SeedCache) => {
    const printed: string[] = [];
    seedProgress('100000', (line) => printed.push(line)).seeded(100_000, 9_800, cache);
    return printed;
  };

  it('says where its catalog is being cached, and how to choose another folder or none', () => {
    const printed = lines({ file: '/c/demo-100000-x.json', state: 'writing' });
    expect(printed[0]).toBe('seed "100000": 100,000 products ready in 9.8 s');
    expect(printed[1]).toContain('writing them to /c/demo-100000-x.json in the background');
    expect(printed[1]).toContain('PRODUCT_CATALOG_MOCK_CACHE=off');
  });

  it('says which cache file it was read from', () => {
    expect(lines({ file: '/c/demo-100000-x.json', state: 'read' })).toEqual([
      'seed "100000": 100,000 products ready in 9.8 s, read from the cache /c/demo-100000-x.json',
    ]);
    expect(lines()).toEqual(['seed "100000": 100,000 products ready in 9.8 s']);
  });

  it('says when a catalog read when used is read whole', () => {
    const printed: string[] = [];
    seedProgress('100000', (line) => printed.push(line)).allRead?.(100_000, 14_230);
    expect(printed).toEqual([
      'seed "100000": all 100,000 products read, 14.2 s after it listened: queries over the whole catalog are at full speed from here',
    ]);
  });
});
