/** Prints a test's figures as a table, with a title, so they can be read in the CI log. */
export function printFigures(title: string, figures: Record<string, unknown>): void {
  console.log(`\n── ${title} ──`);
  console.table(
    Object.fromEntries(
      Object.entries(figures).map(([key, value]) => [
        key,
        typeof value === 'object' ? JSON.stringify(value) : value,
      ]),
    ),
  );
}

/** How long phases run: CHAOS_SCALE=0.5 in CI, 1 by default, more for a long soak. */
export function scaled(ms: number): number {
  const scale = Number(process.env.CHAOS_SCALE ?? 1);
  return Math.max(500, Math.round(ms * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}
