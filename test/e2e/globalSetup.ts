// Once per run of the e2e project: the package packed once, shared by every test that installs it.
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packTarball } from './packedTarball.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tarball = await packTarball();
  project.provide('packedTarball', tarball);
  return async () => {
    await rm(dirname(tarball), { recursive: true, force: true });
  };
}
