import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** "Show more" under a list read a page at a time: there while a next page remains, idle while it loads. */
export function MorePages(p: {
  pages: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage'>;
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
