import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { adminFetch } from './api';

// The back office's lists read a page at a time on the server's keyset cursor (docs/api.md,
// "Lists"): the pages read so far, and a button that reads the next.

/** A page as the server answers it: where the next one starts (null on the last). */
export type ListPage = { next_cursor: string | null };
/** A page that also says how many rows the selection holds. */
export type CountedPage = ListPage & { total: number };

export type ListPages<P extends ListPage> = UseInfiniteQueryResult<InfiniteData<P>>;

/** A list's pages, the first read at once, each next one when the operator asks for more. */
export function useListPages<P extends ListPage>(
  queryKey: readonly unknown[],
  path: string,
  query: Record<string, string | number | undefined>,
): ListPages<P> {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => adminFetch<P>(path, { query: { ...query, cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** "Show more" under a list: there while a next page remains, idle while it loads. */
export function MorePages(p: {
  pages: Pick<ListPages<ListPage>, 'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage'>;
  label: string;
  className?: string;
  testId?: string;
}) {
  if (!p.pages.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className={cn('mt-3 self-start', p.className)}
      onClick={() => p.pages.fetchNextPage()}
      disabled={p.pages.isFetchingNextPage}
      data-testid={p.testId}
    >
      {p.label}
    </Button>
  );
}
