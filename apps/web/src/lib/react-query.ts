import { type DefaultOptions, QueryClient } from '@tanstack/react-query';

// Slow, metered connections: do not refetch just because the user switched apps, and keep data
// fresh for a while instead of asking again on every screen.
//
// A mutation is sent even when the browser says it is offline ('always'): it then fails at once
// with the no-connection text. Paused instead (the default, 'online'), it would wait without a
// word, and move money by itself minutes later, when the person has gone on to something else.
export const queryConfig = {
  queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
  mutations: { networkMode: 'always' },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

// Extra options a screen passes to a feature's query hook (`useWallet({ queryConfig })`), without
// the key and the fetcher that the feature owns.
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<
  ReturnType<T>,
  'queryKey' | 'queryFn'
>;
