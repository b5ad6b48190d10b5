// examples/vitest-workers/, installed from the packed tarball in a project of its own: a global
// setup starts the mock, four workers each take a scope of their own and push, snapshot, restore and
// reset at the same time without seeing each other's data (docs/testing.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedProject, type PackedProject } from './packedProject.js';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

describe('the vitest recipe (examples/vitest-workers) from the packed tarball', () => {
  let project: PackedProject | undefined;
  beforeAll(async () => {
    project = await packedProject('vitest-workers');
  }, 600_000);
  afterAll(async () => {
    await project?.remove();
  });

  it('runs four files on four workers, each in its own scope, and all pass', async () => {
    const { code, output } = await (project as PackedProject).run(npx, [
      'vitest',
      'run',
      '--reporter=verbose',
    ]);
    expect(code, output).toBe(0);
    expect(output).toMatch(/Test Files\s+4 passed \(4\)/);
    expect(output).toMatch(/Tests\s+8 passed \(8\)/);
    // Four files at once, each on a worker of its own, so each in a scope of its own.
    const scopes = [...output.matchAll(/file (\d) on scope (worker-\d+)/g)].map((m) => m[2]);
    expect(scopes).toHaveLength(4);
    expect(new Set(scopes).size).toBe(4);
  }, 300_000);

  it('fails a wrong expectation with what the scope journal holds', async () => {
    const { code, output } = await (project as PackedProject).run(
      npx,
      ['vitest', 'run', 'tests/worker1.test.ts'],
      { WRONG_EXPECTATION: '1' },
    );
    expect(code).not.toBe(0);
    expect(output).toMatch(
      /Expected 3 requests to scope eu\/worker-\d+\/test matching \{"operationId":"pushProducts"\}, found 2\./,
    );
    // The two pushes, and the read after the reset that ended the test before.
    expect(output).toContain('The journal of this scope holds 3 requests, oldest first');
    expect(output).toContain('operationId: expected "pushProducts", was "listProducts"');
    expect(output).toMatch(/✓ POST \/worker-\d+\/test\/products-push → 200 pushProducts/);
  }, 300_000);
});
