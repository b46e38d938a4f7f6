import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; help: string; nodes: { html: string }[] };

/**
 * axe-core's WCAG A and AA rules and best practices on the page as it is (evaluated through the
 * debugger: no CSP), each violation with the HTML of the nodes it names.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
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
