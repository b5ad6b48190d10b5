// The contract command run to its end as the e2e tests of contractCommand*.test.ts run it, and its HTML
// report opened in a browser.
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { expect } from 'vitest';
import { browserMissing, chromiumArgs, chromiumPath } from '../browser.js';
import { cli, withoutContractEnv } from './contractRun.js';

export const run = promisify(execFile);

/** A contract run to its end, not in a terminal: its exit code and what it printed. */
export async function contract(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [cli, 'contract', ...args], {
    env: { ...withoutContractEnv(), NO_COLOR: '' },
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}
/** Opens the HTML report in headless Chromium: it must show the failures, each with its curl. */
export async function lookAtReport(file: string, failures: number): Promise<void> {
  const missing = browserMissing();
  if (missing) {
    console.warn(`HTML report not opened in a browser: ${missing}`);
    return;
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(file).href);
    expect(await page.locator('h1').innerText()).toBe(`Contract run: ${failures} failed`);
    expect(await page.locator('article.failure').count()).toBe(failures);
    const first = page.locator('article.failure').first();
    expect(await first.locator('pre.curl').innerText()).toMatch(/^curl -sS -X /);
    expect(await first.locator('pre.curl').isVisible()).toBe(true);
    await page.screenshot({ path: file.replace(/\.html$/, '.png') });
    if (process.env.CONTRACT_REPORT_SCREENSHOT)
      await page.screenshot({ path: process.env.CONTRACT_REPORT_SCREENSHOT, fullPage: false });
  } finally {
    await browser.close();
  }
}
