import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; help: string; nodes: { html: string }[] };

/**
 * axe-core's WCAG A and AA rules and best practices on the page as it is (evaluated through the
 * debugger: no CSP), each violation with the HTML of the nodes it names. It reads once every
 * transition has ended: a card of the landing's carousel caught halfway through its fade is text
 * at half its contrast for a moment, which axe would name though nobody reads it so.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // A spinner turns for ever: only what ends is waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { violations } = await (
      window as unknown as { axe: { run: (options: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] } });
    return violations.map(({ id, help, nodes }) => ({
      id,
      help,
      nodes: nodes.map(({ html }) => ({ html })),
    }));
  });
}

/** Fails with every violation's nodes when axe finds any on the page as it is. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(
    violations.map((v) => v.id),
    JSON.stringify(violations, null, 2),
  ).toEqual([]);
}
