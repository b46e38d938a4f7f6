// A wait on a condition, never on a clock: generous enough for a busy 2-core machine, and it
// names what it was waiting for when it gives up.
const BUDGET_MS = 60_000;

export async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + BUDGET_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
