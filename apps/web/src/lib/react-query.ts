import { type DefaultOptions, QueryClient } from '@tanstack/react-query';

// Slow, metered connections: do not refetch just because the user switched apps, and keep data
// fresh for a while instead of asking again on every screen.
export const queryConfig = {
  queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
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
