// Types of check.mjs for the TypeScript that imports it (its test).
/** Every boundary broken in the repository at `root`, one readable line each. */
export function checkBoundaries(root: string): string[];
