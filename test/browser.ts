// Headless Chromium for tests that look at a page: found at CHROMIUM_PATH or /usr/bin/chromium.
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why browser tests cannot run here; undefined when they can. Under CI a missing browser is a failure. */
export function browserMissing(): string | undefined {
  if (existsSync(chromiumPath)) return undefined;
  const why = `no Chromium at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH`;
  if (process.env.CI) throw new Error(why);
  return why;
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
