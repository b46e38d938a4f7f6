import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

// Forms validate with the domain's zod schemas, but zod is ~24 kB gzipped: loaded with the screen,
// it would put every form's screen over its first-download budget (docs/performance.md). Schemas
// are therefore imported dynamically, from a module of schemas only, e.g.
// `lazyZodResolver(() => import('./auth-schemas').then((module) => module.loginSchema))`:
// the screen draws at once and zod arrives in the background.

/**
 * Loads a schema once, starting now (in the background); `get()` waits for it. A failed download
 * is tried again at the next `get()`.
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
  void get();
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
