import { chromium } from 'playwright-core';
import { chromiumPath, missingChromium } from '../scripts/prerequisites.mjs';

// Debian's Chromium (or CHROMIUM_PATH), started as this closed network needs (root, no updates, no
// first-run screens).
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** The Chromium to start; an error that says how to get one when there is none. */
export function chromiumExecutable(): string {
  const missing = missingChromium();
  if (missing) throw new Error(missing);
  return chromiumPath();
}

/** Chromium for a bench through Playwright, with `extraArgs` after the common flags. */
export function launchChromium(extraArgs: string[] = []) {
  return chromium.launch({ executablePath: chromiumExecutable(), args: [...CHROMIUM_FLAGS, ...extraArgs] });
}
