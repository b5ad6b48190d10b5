import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { endProcessGroup } from './processGroup.js';

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('endProcessGroup', () => {
  it('ends a grandchild that ending the child alone would leave running', async () => {
    // sh starts node and waits, as npx starts npm exec, which starts the server.
    const child = spawn(
      'sh',
      ['-c', `"${process.execPath}" -e "setInterval(() => {}, 1000)" & echo $!; wait`],
      {
        detached: true,
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    try {
      const grandchild = await new Promise<number>((resolve) =>
        child.stdout?.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
      );
      expect(running(grandchild)).toBe(true);
      await endProcessGroup(child);
      expect(running(grandchild)).toBe(false);
    } finally {
      await endProcessGroup(child);
    }
  });
});
