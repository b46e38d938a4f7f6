import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

// Forms validate with the domain's zod schemas, but zod is ~24 kB gzipped: loaded with the screen,
// it would put every form's screen over its first-download budget (docs/performance.md). Schemas
// are therefore imported dynamically, from a module of schemas only, e.g.
// `lazyZodResolver(() => import('./auth-schemas').then((module) => module.loginSchema))`:
// the screen draws at once and zod arrives in the background.
//
// Nor is it loaded while the screen opens: evaluating zod and a form's schema is ~200 ms of main
// thread on a 4× slower CPU (measured: /login's longest tasks after its own render), and a person
// who has not touched the page yet needs none of it. It starts at the person's first touch, key or
// focus anywhere on the page — a form cannot be submitted without one, and typing the first field
// leaves it the time to arrive — or at once when something asks for the schema.

const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
let personSeen = false;
let waiting: (() => void)[] | undefined;

/**
 * Runs `start` at the page's first sign of a person (see above), or at once when there was one
 * already (a screen opened by a tap) or there is no page (the build's prerender, in Node).
 */
function onFirstIntent(start: () => void): void {
  if (personSeen || typeof document === 'undefined') {
    start();
    return;
  }
  if (!waiting) {
    const queue: (() => void)[] = [];
    const release = () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, release, true);
      personSeen = true;
      waiting = undefined;
      for (const run of queue) run();
    };
    for (const type of INTENT_EVENTS)
      document.addEventListener(type, release, { capture: true, passive: true });
    waiting = queue;
  }
  waiting.push(start);
}

/**
 * Loads a schema once, starting at the person's first interaction with the page (in the
 * background), or at the first `get()` if that comes earlier; `get()` waits for it. A failed
 * download is tried again at the next `get()`.
 */
export function lazyZodSchema<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  const get = () => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
  onFirstIntent(() => void get());
  return get;
}

/**
 * A react-hook-form resolver whose zod schema loads in the background (see above). A validation
 * that comes before the schema (a quick submit) waits for it: nothing is ever sent unvalidated.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<$ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  const resolver = lazyZodSchema(async () => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
    return zodResolver(schema);
  });
  return async (values, context, options) => (await resolver())(values, context, options);
}
