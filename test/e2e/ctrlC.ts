// Ctrl-C typed at a terminal while a command draws its progress bar, for the e2e tests of what the
// command then says and leaves. `script` gives the command a terminal of its own.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { endProcessGroup } from '../processGroup.js';

/**
 * Runs `command` in a terminal, types Ctrl-C once its output matches `bar`, and answers its exit
 * status (script -e passes the command's on) and everything it drew.
 */
export async function ctrlCWhileDrawing(
  command: string[],
  bar: RegExp,
): Promise<{ code: number | null; screen: string }> {
  const child = spawn('script', ['-qfec', command.join(' '), '/dev/null'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let screen = '';
  try {
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        screen += d.toString();
        if (bar.test(screen)) resolve();
      });
      child.once('exit', () => reject(new Error(`ended before its bar:\n${screen}`)));
    });
    // Ctrl-C typed at the terminal: the terminal sends SIGINT to the command.
    child.stdin.write('\x03');
    const [code] = await exited;
    return { code, screen };
  } finally {
    await endProcessGroup(child);
  }
}
