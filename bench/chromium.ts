import { chromium } from 'playwright-core';

// Debian's Chromium, started as this closed network needs (root, no updates, no first-run screens).
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Chromium for a bench through Playwright, with `extraArgs` after the common flags. */
export function launchChromium(extraArgs: string[] = []) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}
