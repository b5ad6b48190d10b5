// Headless Chromium for tests that look at a page: found at CHROMIUM_PATH or /usr/bin/chromium.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import puppeteer, { type Browser as FirefoxBrowser } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { resolveSeed } from '../src/seed/resolve.js';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Why browser tests cannot run here; undefined when they can. Under CI a missing browser is a failure.
 * The reason is printed too: a test runner reports a skipped test as "skipped" and no more.
 */
export function browserMissing(): string | undefined {
  if (existsSync(chromiumPath)) return undefined;
  const why = `no Chromium at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH`;
  if (process.env.CI) throw new Error(why);
  console.warn(`browser tests skipped: ${why}`);
  return why;
}

export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Why the Firefox tests cannot run here; undefined when they can. Under CI (which installs it) a failure. */
export function firefoxMissing(): string | undefined {
  if (existsSync(firefoxPath)) return undefined;
  const why = `no Firefox at ${firefoxPath}: install it (apt-get install firefox-esr) or set FIREFOX_PATH`;
  if (process.env.CI) throw new Error(why);
  console.warn(`Firefox tests skipped: ${why}`);
  return why;
}

/**
 * Headless Firefox, driven over WebDriver BiDi: Playwright drives only a Firefox of its own build,
 * puppeteer-core the one installed (it downloads none).
 */
export function launchFirefox(): Promise<FirefoxBrowser> {
  return puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath, headless: true });
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The demo-seeded mock on a free port and headless Chromium, started before the tests of the
 * describe block that calls this and closed after them (also when a test fails).
 */
export function demoInBrowser(): { server: RunningServer; browser: Browser } {
  const started = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    started.server = await startServer({ port: 0, seed: await resolveSeed('demo'), seedName: 'demo' });
    started.browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  }, 60_000);
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.close();
  });
  return started;
}

/**
 * A tab on `http://localhost:<port>` of the server: another origin than its `http://127.0.0.1:<port>`,
 * and a loopback one, as a frontend's dev server is. A tab left on about:blank has the origin
 * `null`, to which the mock's answers are closed (docs/security.md).
 */
export async function loopbackTab(
  browser: Browser,
  serverUrl: string,
  options?: Parameters<Browser['newPage']>[0],
): Promise<Page> {
  const tab = await browser.newPage(options);
  const page = new URL(serverUrl);
  page.hostname = 'localhost';
  await tab.goto(`${page.origin}/__admin/health`);
  return tab;
}
