// A server under test in its own process: its CPU and memory are its own, as in real use.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ChildServer {
  url: string;
  pid: number;
  /** From spawn to the first 2xx answer on the ready path. */
  startupMs: number;
  /** Resident memory now, from /proc (undefined where there is none). */
  rssMiB(): Promise<number | undefined>;
  /** CPU time the process has used so far, user and system, from /proc (undefined where there is none). */
  cpuMs(): Promise<number | undefined>;
  /**
   * With `untilRead`: once a catalog read when used (its cache, a seed file's index) is read whole,
   * how many ms after it listened, as the server says.
   */
  allRead?: Promise<number>;
  stop(): Promise<void>;
}

export interface ChildOptions {
  script: string;
  args?: string[];
  nodeArgs?: string[];
  /** Path answered once the server is really usable; polled until 2xx. */
  readyPath: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** The catalog is read when used: `allRead` waits for the server's line that it is read whole. */
  untilRead?: boolean;
}

const LISTENING = /listening on (http:\/\/\S+)/;
const ALL_READ = /all [\d,]+ products read, ([\d.]+) s after it listened/;

export async function startChild(options: ChildOptions): Promise<ChildServer> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), options.script, ...(options.args ?? [])],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const allRead = options.untilRead ? printedLine(child, ALL_READ) : undefined;
    // Not awaited by a run that stops the server first.
    allRead?.catch(() => undefined);
    const url = await printedUrl(child, timeoutMs);
    await firstAnswer(url + options.readyPath, options.headers ?? {}, started + timeoutMs);
    const startupMs = performance.now() - started;
    return {
      url,
      pid: child.pid as number,
      startupMs,
      rssMiB: () => rssMiB(child.pid as number),
      cpuMs: () => cpuMs(child.pid as number),
      ...(allRead && { allRead: allRead.then((seconds) => Number(seconds) * 1000) }),
      stop: () => stop(child, exited),
    };
  } catch (err) {
    await stop(child, exited);
    throw err;
  }
}

function printedUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed within ${timeoutMs} ms`)), timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = LISTENING.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        // From here on what the server prints is drained unread: scanning it would load this process.
        child.stdout?.off('data', read);
        child.stdout?.resume();
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening: ${err.trim() || out.trim()}`));
    });
  });
}

/** The first group of `pattern` in the first line of the server's stdout that matches it. */
function printedLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = pattern.exec(out);
      if (match?.[1] !== undefined) {
        child.stdout?.off('data', read);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.once('exit', () => reject(new Error('server exited before it said its catalog was read')));
  });
}

async function firstAnswer(url: string, headers: Record<string, string>, deadline: number): Promise<void> {
  for (;;) {
    const res = await fetch(url, { headers }).catch(() => undefined);
    if (res) await res.arrayBuffer();
    if (res?.ok) return;
    if (performance.now() > deadline) throw new Error(`${url} did not answer 2xx (last: ${res?.status})`);
    await sleep(5);
  }
}

async function rssMiB(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kB = status && /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kB ? Number(kB) / 1024 : undefined;
}

/** Clock ticks a second in /proc/PID/stat: 100 on Linux as built for every common architecture. */
const CLOCK_TICKS = 100;

async function cpuMs(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // The fields after the command name (which may hold spaces) in parentheses: utime is the 12th.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (!fields) return undefined;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** SIGTERM lets the server close cleanly (and write a --cpu-prof profile); SIGKILL if it hangs. */
async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
