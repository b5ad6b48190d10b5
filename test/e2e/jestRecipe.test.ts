// examples/jest/, installed from the packed tarball in a project of its own: a global setup starts
// the mock, four jest workers each use a scope of their own (docs/testing.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedProject, type PackedProject } from './packedProject.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('the jest recipe (examples/jest) from the packed tarball', () => {
  let project: PackedProject | undefined;
  beforeAll(async () => {
    project = await packedProject('jest');
  }, 600_000);
  afterAll(async () => {
    await project?.remove();
  });

  it('runs four files on four workers, each in its own scope, and all pass', async () => {
    const { code, output } = await (project as PackedProject).run(npm, ['test', '--silent']);
    expect(code, output).toBe(0);
    expect(output).toMatch(/Tests:\s+8 passed, 8 total/);
    const scopes = [...output.matchAll(/file (\d) on scope (jest-\d+)/g)].map((m) => m[2]);
    expect(scopes).toHaveLength(4);
    expect(new Set(scopes).size).toBe(4);
  }, 300_000);
});
