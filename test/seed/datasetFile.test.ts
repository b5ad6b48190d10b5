import { Writable } from 'node:stream';
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSeed } from '../../src/seed/resolve.js';
import { terminal } from '../terminal.js';
import { runSeedCommand } from '../../src/cli/seed/seedCommand.js';
import { generateDataset } from '../../src/seed/index.js';
import { readDatasetFile, writeDatasetFile, writeDatasetTo } from '../../src/seed/file.js';
import { INDEX_SUFFIX } from '../../src/seed/seedIndex.js';
import type { SeedData } from '../../src/domain/types.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seeds-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stderr that is not a terminal, collecting what is written. */
function pipe() {
  const lines: string[] = [];
  return {
    lines,
    stream: { isTTY: false, write: (s: string) => lines.push(s) } as unknown as NodeJS.WriteStream,
  };
}

/**
 * A terminal for the seed command's bars whose signal is aborted once the writing bar is drawn, as
 * Ctrl-C during the write; what is written to it, in `lines`.
 */
function stoppedWhileWriting() {
  const stop = new AbortController();
  const lines: string[] = [];
  const stream = {
    ...terminal(),
    write(chunk: string) {
      lines.push(chunk);
      if (chunk.includes('writing')) stop.abort();
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  return { stream, lines, stop: stop.signal };
}

describe('seed command', () => {
  it('writes identical files for the same seed, loadable with --seed FILE', async () => {
    const [a, b] = [join(dir, 'a.json'), join(dir, 'b.json')];
    const out = pipe();
    await runSeedCommand({ seed: '500', out: a, stderr: out.stream });
    await runSeedCommand({ seed: '500', out: b, stderr: pipe().stream });
    expect(Buffer.compare(await readFile(a), await readFile(b))).toBe(0);
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toMatch(
      /^Wrote 500 products \(\d[\d,]* variants\) and 20 product types from seed "500" to .+a\.json/,
    );

    const data = ({ products, productTypes }: SeedData) => JSON.stringify({ products, productTypes });
    const generated = data(await resolveSeed('500'));
    // Through the index the seed command wrote beside it, and read whole without one.
    const indexed = await resolveSeed(a);
    expect(indexed.readRest).toBeDefined();
    expect(data(indexed)).toBe(generated);
    await rm(a + INDEX_SUFFIX);
    const whole = await resolveSeed(a);
    expect(whole.readRest).toBeUndefined();
    expect(data(whole)).toBe(generated);
  });

  it('reports the products written every 1,000 and at the end, to the file and to a stream', async () => {
    const data = { products: generateDataset('demo', { count: 2_500 }).products, productTypes: [] };
    const toFile: [number, number][] = [];
    await writeDatasetFile(data, join(dir, 'progress.json'), { onProgress: (...at) => toFile.push(at) });
    expect(toFile).toEqual([
      [1_000, 2_500],
      [2_000, 2_500],
      [2_500, 2_500],
    ]);
    const toStream: [number, number][] = [];
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    await writeDatasetTo(data, sink, { onProgress: (...at) => toStream.push(at) });
    expect(toStream).toEqual(toFile);
    // A count that is a whole number of steps is reported once at its end.
    const even: [number, number][] = [];
    const first = { products: data.products.slice(0, 2_000), productTypes: [] };
    await writeDatasetTo(first, sink, { onProgress: (...at) => even.push(at) });
    expect(even).toEqual([
      [1_000, 2_000],
      [2_000, 2_000],
    ]);
  });

  it('counts one product, one variant and one product type in the singular', async () => {
    const out = pipe();
    const file = join(dir, 'one.json');
    await writeFile(
      join(dir, 'one-seed.json'),
      JSON.stringify({
        productTypes: [{ productTypeId: 'shoes', isRoot: true }],
        products: [{ productGroupId: 'P-1', productType: ['shoes'], variants: [{ productId: 'P-1-42' }] }],
      }),
    );
    await runSeedCommand({ seed: join(dir, 'one-seed.json'), out: file, stderr: out.stream });
    expect(out.lines[0]).toMatch(/^Wrote 1 product \(1 variant\) and 1 product type from seed /);
    await runSeedCommand({ seed: '1', out: file, stderr: out.stream });
    expect(out.lines[1]).toMatch(/^Wrote 1 product \(\d+ variants\) and 20 product types from seed "1"/);
  });

  it('says the reader of --out - closed it early, rather than "write EPIPE"', async () => {
    const closed = new Writable({
      write: (_chunk, _encoding, done) =>
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE', errno: -32, syscall: 'write' })),
    });
    await expect(
      runSeedCommand({ seed: '5', out: '-', stdout: closed, stderr: pipe().stream }),
    ).rejects.toThrow(
      '--out -: the program reading standard output closed it before the dataset was written whole: what it read is cut short',
    );
  });

  it('refuses an --out in a directory that does not exist before generating, naming it', async () => {
    const out = pipe();
    const missing = join(dir, 'no-such-dir');
    await expect(
      runSeedCommand({ seed: '100', out: join(missing, 'x.json'), stderr: out.stream }),
    ).rejects.toThrow(`--out ${join(missing, 'x.json')}: the directory ${missing} does not exist`);
    expect(out.lines).toEqual([]);
  });

  it('refuses an --out under a file, saying it is a file, not that it does not exist', async () => {
    const out = pipe();
    const plain = join(dir, 'plain');
    await writeFile(plain, '');
    await expect(
      runSeedCommand({ seed: '100', out: join(plain, 'x.json'), stderr: out.stream }),
    ).rejects.toThrow(`--out ${join(plain, 'x.json')}: ${plain} is a file, not a directory`);
    expect(out.lines).toEqual([]);
  });

  it('writes through a link to a file not written yet, keeping the link', async () => {
    const home = await mkdtemp(join(dir, 'dangling-'));
    const link = join(home, 'current.json');
    await symlink('releases/v2.json', link);
    const problem = pipe();
    // The link's file goes in a directory of its own: that is the one that must exist.
    await expect(runSeedCommand({ seed: '5', out: link, stderr: problem.stream })).rejects.toThrow(
      `--out ${link}: the directory ${join(home, 'releases')} does not exist`,
    );
    await mkdir(join(home, 'releases'));
    await runSeedCommand({ seed: '5', out: link, stderr: pipe().stream });
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    const written = await resolveSeed(join(home, 'releases', 'v2.json'));
    expect(written.products).toHaveLength(5);
  });

  it('writes through a relative link in a linked directory where the system would', async () => {
    const home = await mkdtemp(join(dir, 'aliased-'));
    await mkdir(join(home, 'real', 'releases'), { recursive: true });
    await symlink(join(home, 'real', 'releases'), join(home, 'alias'));
    // In real/releases, `..` is real/, not the directory that holds the alias.
    await symlink('../current.json', join(home, 'real', 'releases', 'current'));
    await runSeedCommand({ seed: '5', out: join(home, 'alias', 'current'), stderr: pipe().stream });
    expect((await resolveSeed(join(home, 'real', 'current.json'))).products).toHaveLength(5);
    expect(await readdir(home)).toEqual(['alias', 'real']);
  });

  it('refuses a read-only --out before generating, and leaves it as it was', async () => {
    const file = join(dir, 'frozen.json');
    await writeFile(file, 'kept');
    await chmod(file, 0o444);
    const out = pipe();
    await expect(runSeedCommand({ seed: '100', out: file, stderr: out.stream })).rejects.toThrow(
      `--out ${file}: the file is read-only; make it writable (chmod u+w) or choose another file`,
    );
    expect(await readFile(file, 'utf8')).toBe('kept');
    expect(out.lines).toEqual([]);
  });

  it('refuses a directory or a circle of links as --out before generating, saying which', async () => {
    const folder = await mkdtemp(join(dir, 'folder-'));
    const out = pipe();
    await expect(runSeedCommand({ seed: '100', out: folder, stderr: out.stream })).rejects.toThrow(
      `--out ${folder}: it is a directory; give the path of a file (in it or elsewhere)`,
    );
    const [a, b] = [join(folder, 'a.json'), join(folder, 'b.json')];
    await symlink(b, a);
    await symlink(a, b);
    await expect(runSeedCommand({ seed: '100', out: a, stderr: out.stream })).rejects.toThrow(
      `--out ${a}: its symbolic links lead in a circle; point it at a file`,
    );
    expect(out.lines).toEqual([]);
  });

  it('writes a bundled dataset by name', async () => {
    const file = join(dir, 'grocery.json');
    await runSeedCommand({ seed: 'grocery', out: file, stderr: pipe().stream });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(
      JSON.parse(JSON.stringify(generateDataset('grocery'))),
    );
  });
});

describe('a dataset file written over another', () => {
  /** A directory holding one good file, `catalog.json`; resolves to both and the file's content. */
  async function withGoodFile() {
    const home = await mkdtemp(join(dir, 'replace-'));
    const file = join(home, 'catalog.json');
    await writeDatasetFile(generateDataset('demo', { count: 3 }), file);
    return { home, file, good: await readFile(file, 'utf8') };
  }

  /** A dataset whose `at`th product runs `act` when it is written, after the products before it. */
  function failingAt(at: number, act: () => void) {
    const data = generateDataset('demo', { count: 400 });
    const products = data.products.map((p, i) => (i === at ? { ...p, toJSON: () => act() } : p));
    return { ...data, products } as typeof data;
  }

  it('is left as it was when the write fails halfway (a full disk), and no other file remains', async () => {
    const { home, file, good } = await withGoodFile();
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    await expect(
      writeDatasetFile(
        failingAt(300, () => {
          throw full;
        }),
        file,
      ),
    ).rejects.toBe(full);
    expect(await readFile(file, 'utf8')).toBe(good);
    expect(await readdir(home)).toEqual(['catalog.json']);
  });

  it('is left as it was when the write is stopped halfway (Ctrl-C), and no other file remains', async () => {
    const { home, file, good } = await withGoodFile();
    const stop = new AbortController();
    const data = failingAt(300, () => stop.abort(new Error('interrupted')));
    await expect(writeDatasetFile(data, file, { signal: stop.signal })).rejects.toThrow('interrupted');
    expect(await readFile(file, 'utf8')).toBe(good);
    expect(await readdir(home)).toEqual(['catalog.json']);
  });

  it('by the seed command stopped while it writes to a device: it says what was sent is cut short', async () => {
    const { stream, lines, stop } = stoppedWhileWriting();
    const code = await runSeedCommand({ seed: '5', out: '/dev/null', stderr: stream, signal: stop });
    expect(code).toBe(130);
    expect(lines.at(-1)).toBe(
      'seed: interrupted; what went to /dev/null is cut short, not a whole dataset.\n',
    );
  });

  it('by the seed command stopped while it writes: the command says so and exits 130', async () => {
    const { home, file, good } = await withGoodFile();
    const { stream, lines, stop } = stoppedWhileWriting();
    expect(await runSeedCommand({ seed: '500', out: file, stderr: stream, signal: stop })).toBe(130);
    expect(lines.at(-1)).toBe(
      `seed: interrupted; ${file} was not written (a file there is left as it was).\n`,
    );
    expect(await readFile(file, 'utf8')).toBe(good);
    expect(await readdir(home)).toEqual(['catalog.json']);
  });

  it('through a link replaces the file it names, keeping the link and the mode', async () => {
    const { home, file } = await withGoodFile();
    await chmod(file, 0o600);
    const link = join(home, 'current.json');
    await symlink(file, link);
    const data = generateDataset('demo', { count: 5 });
    await writeDatasetFile(data, link);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(JSON.parse(JSON.stringify(data)));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readdir(home)).sort()).toEqual(['catalog.json', 'current.json']);
  });
});

describe('dataset files too large for one string', () => {
  it('are read record by record when they have the layout the seed command writes', async () => {
    const file = join(dir, 'lines.json');
    const data = generateDataset('electronics', { count: 30 });
    await writeDatasetFile(data, file);
    expect(await readDatasetFile(file, { wholeFileLimit: 0 })).toEqual(JSON.parse(JSON.stringify(data)));
  });

  it('share equal values between their products, read whole or record by record', async () => {
    const file = join(dir, 'shared.json');
    await writeDatasetFile(generateDataset('electronics', { count: 30 }), file);
    for (const wholeFileLimit of [0, undefined]) {
      const { products } = (await readDatasetFile(file, { wholeFileLimit })) as {
        products: { brand: unknown }[];
      };
      const first = products[0]!;
      const others = products.slice(1).filter((p) => JSON.stringify(p.brand) === JSON.stringify(first.brand));
      expect(others.length).toBeGreaterThan(0);
      for (const other of others) expect(other.brand).toBe(first.brand);
    }
  });

  it('are read whatever their line endings, and across lines longer than a read', async () => {
    const file = join(dir, 'long.json');
    // Non-ASCII text throughout, so a read or a block cut inside a character would show.
    const long = 'Öl på ö, caffè. '.repeat(600_000);
    const records = Array.from({ length: 400 }, (_, i) => ({
      productGroupId: `P${i}`,
      productDescription: [{ isoLanguageId: 'sv-SE', productDescription: i === 7 ? long : `Nr ${i}: åäö` }],
    }));
    const lines = records.map((r, i) => JSON.stringify(r) + (i < records.length - 1 ? ',' : ''));
    await writeFile(file, ['\uFEFF{', '"products": [', ...lines, ']', '}'].join('\r\n'));
    expect(Buffer.byteLength(long)).toBeGreaterThan(8 * 1024 * 1024);
    expect(await readDatasetFile(file, { wholeFileLimit: 0 })).toEqual({ products: records });
  });

  it('are read across many reads and blocks, and name the line of a bad record past them', async () => {
    const file = join(dir, 'many.json');
    const records = Array.from({ length: 50_000 }, (_, i) => ({
      productGroupId: `P${i}`,
      productName: [
        {
          isoLanguageId: 'it-IT',
          productName: `Sciarpa n° ${i}, più calda del solito ${'è'.repeat(i % 90)}`,
        },
      ],
    }));
    const lines = records.map((r, i) => JSON.stringify(r) + (i < records.length - 1 ? ',' : ''));
    const text = ['{', '"products": [', ...lines, ']', '}', ''].join('\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(8 * 1024 * 1024);
    await writeFile(file, text);
    const reads: number[][] = [];
    const read = await readDatasetFile(file, { wholeFileLimit: 0, onRead: (...r) => reads.push(r) });
    expect(read).toEqual({ products: records });
    // Progress comes read by read, growing, and ends at the file's size.
    const size = Buffer.byteLength(text);
    expect(reads.length).toBeGreaterThan(1);
    expect(reads.every(([, total]) => total === size)).toBe(true);
    expect(reads.map(([bytes]) => bytes)).toEqual([...reads.map(([bytes]) => bytes!)].sort((a, b) => a - b));
    expect(reads.at(-1)![0]).toBe(size);

    lines[45_000] = '{"productGroupId": "broken",';
    await writeFile(file, ['{', '"products": [', ...lines, ']', '}'].join('\n'));
    await expect(readDatasetFile(file, { wholeFileLimit: 0 })).rejects.toThrow(
      /one record per line\); line 45003: /,
    );
  });

  it('refuse a line longer than a string may hold, naming it', async () => {
    const file = join(dir, 'one-line.json');
    await writeFile(
      file,
      `{\n"products": [\n${JSON.stringify({ productGroupId: 'x'.repeat(4096) })}\n]\n}\n`,
    );
    await expect(readDatasetFile(file, { wholeFileLimit: 0, maxLineBytes: 1024 })).rejects.toThrow(
      /line 3: longer than .* without a line break/,
    );
    expect(await readDatasetFile(file, { wholeFileLimit: 0, maxLineBytes: 8192 })).toEqual({
      products: [{ productGroupId: 'x'.repeat(4096) }],
    });
  });

  it('are refused with the line at fault otherwise', async () => {
    const file = join(dir, 'compact.json');
    await writeFile(file, JSON.stringify({ products: [{ productGroupId: 'A' }] }));
    await expect(readDatasetFile(file, { wholeFileLimit: 0 })).rejects.toThrow(
      /one record per line\); line 1: expected { alone on the first line/,
    );
  });
});

describe('a broken record in a file the seed command wrote', () => {
  /** A 5-product file as the seed command writes it, its 3rd product's line changed by `edit`. */
  async function withThirdProduct(name: string, edit: (line: string) => string) {
    const file = join(dir, name);
    await writeDatasetFile(generateDataset('demo', { count: 5 }), file);
    const lines = (await readFile(file, 'utf8')).split('\n');
    const index = lines.indexOf('"products": [') + 3;
    lines[index] = edit(lines[index]!);
    await writeFile(file, lines.join('\n'));
    return { file, line: index + 1, text: lines[index]! };
  }
  // Cut after a key: parsed whole, the next record's line was taken for its value and blamed.
  const cut = (line: string) => line.slice(0, line.indexOf('"productName":') + '"productName":'.length);
  // In a literal: node 20 gave no position at all ("Unexpected token ',', ... is not valid JSON").
  const cutInLiteral = (line: string) => line.replace(/(:\[?)(?:true|false|-?\d)[^]*$/, '$1tr');
  const tab = (line: string) =>
    line.replace('"productName":[{"isoLanguageId":"en-US","productName":"', '$&\t');

  for (const [read, limit] of [
    ['parsed whole', undefined],
    ['read record by record', 0],
  ] as const) {
    it(`names the line of a record cut short, ${read}`, async () => {
      for (const [name, edit] of [
        ['cut.json', cut],
        ['cut-literal.json', cutInLiteral],
      ] as const) {
        const { file, line, text } = await withThirdProduct(name, edit);
        const error = readDatasetFile(file, { wholeFileLimit: limit });
        await expect(error).rejects.toThrow(
          limit === undefined
            ? `Seed file "${file}" is not valid JSON: the line ends inside the record: is the file cut short? (line ${line} column ${text.length + 1})`
            : `(one record per line); line ${line}: the line ends inside the record: is the file cut short? (column ${text.length + 1})`,
        );
      }
    });

    it(`names the line and column of a raw control character, ${read}`, async () => {
      const { file, line, text } = await withThirdProduct('tab.json', tab);
      const column = text.indexOf('\t') + 1;
      await expect(readDatasetFile(file, { wholeFileLimit: limit })).rejects.toThrow(
        limit === undefined
          ? `Seed file "${file}" is not valid JSON: Bad control character in string literal (line ${line} column ${column})`
          : `(one record per line); line ${line}: Bad control character in string literal (column ${column})`,
      );
    });
  }

  it('reports its reading when large, below the size read record by record as above it', async () => {
    const file = join(dir, 'read.json');
    await writeDatasetFile(generateDataset('demo', { count: 50 }), file);
    const { size } = await stat(file);
    const reads: number[][] = [];
    const read = await readDatasetFile(file, { readProgressFrom: size, onRead: (...r) => reads.push(r) });
    expect(reads).toEqual([
      [size, size],
      [size, size],
    ]);
    expect(JSON.stringify(read)).toBe(JSON.stringify(JSON.parse(await readFile(file, 'utf8'))));
    // A smaller file is read at once, without a word.
    reads.length = 0;
    await readDatasetFile(file, { readProgressFrom: size + 1, onRead: (...r) => reads.push(r) });
    expect(reads).toEqual([]);
  });

  it('is refused when the file ends after a whole line, before its closing brackets', async () => {
    const file = join(dir, 'short.json');
    await writeDatasetFile(generateDataset('demo', { count: 5 }), file);
    const lines = (await readFile(file, 'utf8')).split('\n');
    await writeFile(file, lines.slice(0, lines.indexOf('"products": [') + 3).join('\n') + '\n');
    const last = lines.indexOf('"products": [') + 3;
    await expect(readDatasetFile(file)).rejects.toThrow(
      `is not valid JSON: the file ends before its closing }: is it cut short? (line ${last})`,
    );
    await expect(readDatasetFile(file, { wholeFileLimit: 0 })).rejects.toThrow(
      `line ${last}: the file ends before its closing }: is it cut short?`,
    );
  });
});

describe('a dataset file laid out otherwise', () => {
  it('is parsed whole, an error without a position in node 20 named by its line and column', async () => {
    const file = join(dir, 'pretty.json');
    const text =
      '{\n  "products": [\n    { "productGroupId": "A" },\n    { "productGroupId": "B", "isDeleted": tru }\n  ]\n}\n';
    await writeFile(file, text);
    await expect(readDatasetFile(file)).rejects.toThrow(/ \(line 4 column 46\)$/);
    await writeFile(file, JSON.stringify({ products: [{ productGroupId: 'A' }] }, null, 2));
    expect(await readDatasetFile(file)).toEqual({ products: [{ productGroupId: 'A' }] });
  });
});

describe('a dataset file parsed whole', () => {
  it('may start with a byte-order mark, as some editors write', async () => {
    const file = join(dir, 'bom.json');
    await writeFile(file, '\uFEFF' + JSON.stringify({ products: [{ productGroupId: 'A' }] }));
    expect(await readDatasetFile(file)).toEqual({ products: [{ productGroupId: 'A' }] });
  });
});

describe('--seed FILE', () => {
  const product = (id: string, extra: object = {}) => ({ productGroupId: id, ...extra });
  const write = async (name: string, content: unknown) => {
    const file = join(dir, name);
    await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };

  it('loads records and computes spaceIds where the file has none', async () => {
    const file = await write('own.json', {
      products: [product('A', { productPriceList: [{ productId: 'A-1', spaceId: 'web', listPrice: 10 }] })],
      productTypes: [{ productTypeId: 'shoes', isRoot: true }],
    });
    const data = await resolveSeed(file);
    expect(data.products[0]).toMatchObject({ productGroupId: 'A', spaceIds: ['web'] });
    expect(data.productTypes).toEqual([{ productTypeId: 'shoes', isRoot: true }]);
  });

  it('reports its check in products, and a generated seed its generation', async () => {
    const products = Array.from({ length: 2500 }, (_, i) => product(`P${i}`));
    const steps: [number, number, string][] = [];
    await resolveSeed(await write('checked.json', { products }), {
      onProgress: (...step) => steps.push(step),
    });
    expect(steps).toEqual([
      [0, 2500, 'checking'],
      [1000, 2500, 'checking'],
      [2000, 2500, 'checking'],
      [2500, 2500, 'checking'],
    ]);
    const generated: string[] = [];
    await resolveSeed('1500', {
      onProgress: (done, total, step) => generated.push(`${step} ${done}/${total}`),
    });
    expect(generated).toEqual(['generating 1000/1500', 'generating 1500/1500']);
  });

  it('names the record, its id and the field of a schema violation', async () => {
    const file = await write('bad.json', {
      products: [
        product('A'),
        product('B', { productPriceList: [{ productId: 'B-1', spaceId: 'web', listPrice: '12' }] }),
      ],
    });
    await expect(resolveSeed(file)).rejects.toThrow(
      /products\[1\] \(productGroupId "B"\): productPriceList\[0\]\.listPrice must be a number \(got "12"\)/,
    );
  });

  it('names a product type without an id, and a repeated productGroupId', async () => {
    const noId = await write('type.json', { productTypes: [{ productTypeId: 'a' }, { isRoot: true }] });
    await expect(resolveSeed(noId)).rejects.toThrow(/productTypes\[1\]: productTypeId is required/);
    const twice = await write('twice.json', { products: [product('A'), product('A')] });
    await expect(resolveSeed(twice)).rejects.toThrow(
      /products\[1\] \(productGroupId "A"\): productGroupId repeats the one of products\[0\]/,
    );
  });

  it('refuses a number too large for a double where the schema leaves the type open, naming its line and field', async () => {
    // JSON.parse reads 1e400 as Infinity without a word, and the API answered it as null.
    const why =
      'beyond the largest number JSON readers take (about 1.8e308): it would be read as Infinity and answered as null. Write a smaller number, or a string';
    const lines = [
      '{',
      '  "productTypes": [{ "productTypeId": "t", "extra": [1, 2] }],',
      '  "products": [',
      '    { "productGroupId": "A", "customProperties": [{ "key": "a", "value": 1e300 }] },',
      '    { "productGroupId": "B", "customProperties": [{ "key": "a", "value": 1 }, { "key": "weight", "value": 1e400 }] }',
      '  ]',
      '}',
    ];
    const file = await write('huge.json', lines.join('\n'));
    const column = lines[4]!.indexOf('1e400') + 1;
    await expect(resolveSeed(file)).rejects.toThrow(
      `Seed file "${file}", line 5 column ${column}: products[1] (productGroupId "B"): customProperties[1].value is 1e400, ${why}`,
    );

    // Read record by record, the line is the record's; a product type is named by its id.
    const records = [
      '{',
      '"productTypes": [',
      '{"productTypeId":"t1"},',
      '{"productTypeId":"t2","note":{"deep":[{"x":"1e400"},-1e999]}}',
      '],',
      '"products": [',
      '{"productGroupId":"A"}',
      ']',
      '}',
    ];
    await writeFile(file, records.join('\n'));
    await expect(readDatasetFile(file, { wholeFileLimit: 0 })).rejects.toThrow(
      `Seed file "${file}", line 4 column ${records[3]!.indexOf('-1e999') + 1}: productTypes[1] (productTypeId "t2"): note.deep[1] is -1e999, ${why}`,
    );
  });

  it('gives the line and column of a syntax error, with the byte-order mark some editors write', async () => {
    const text = '\ufeff{\n  "products": [\n    { "productGroupId": "A", }\n  ]\n}\n';
    await expect(resolveSeed(await write('comma.json', text))).rejects.toThrow(/\(line 3 column 30\)$/);
  });

  it('explains a file that is not JSON, not the right shape, or not there', async () => {
    await expect(resolveSeed(await write('broken.json', '{"products": ['))).rejects.toThrow(
      /is not valid JSON/,
    );
    await expect(resolveSeed(await write('list.json', []))).rejects.toThrow(
      /must be a JSON object \{ "products"/,
    );
    await expect(resolveSeed(await write('obj.json', { products: {} }))).rejects.toThrow(
      /"products" must be an array/,
    );
    // Read as a dataset with neither list, a misspelt key or another JSON file (package.json) served
    // an empty catalog without a word.
    const misspelt = await write('misspelt.json', { product: [product('A')], productTypes: [] });
    await expect(resolveSeed(misspelt)).rejects.toThrow(
      `Seed file "${misspelt}": "product" is not part of a dataset, which holds "products" and "productTypes" only`,
    );
    const other = await write('package.json', { name: 'x', version: '1.0.0', scripts: {}, type: 'module' });
    await expect(resolveSeed(other)).rejects.toThrow(
      /: "name", "version", "scripts" \(and 1 more\) are not part of a dataset, which holds "products" and "productTypes" only$/,
    );
    expect(await resolveSeed(await write('empty.json', {}))).toEqual({ products: [], productTypes: [] });
    await expect(resolveSeed(join(dir, 'missing.json'))).rejects.toThrow(
      `Seed file "${join(dir, 'missing.json')}" does not exist (looked for ${join(dir, 'missing.json')})`,
    );
    await expect(resolveSeed('missing.json')).rejects.toThrow(
      /^Seed file "missing\.json" does not exist \(looked for \//,
    );
    await expect(resolveSeed('fashion')).rejects.toThrow(
      /Unknown seed "fashion": not a bundled dataset \(demo, grocery, electronics\)/,
    );
    await expect(resolveSeed('2000000')).rejects.toThrow(/at most 1,000,000 products/);
  });

  it('says a directory given as the seed is one, and what to give instead', async () => {
    // node says only "EISDIR: illegal operation on a directory, read".
    await expect(resolveSeed(dir)).rejects.toThrow(
      `Seed file "${dir}" is a directory: name a JSON dataset file in it`,
    );
  });
});
