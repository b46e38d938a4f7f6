import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';

type LoadMoreButtonProps = { hasMore: boolean; isLoading: boolean; onLoadMore: () => void };

/** The next page of a list, on request: nothing is downloaded that the user did not ask for. */
export function LoadMoreButton({ hasMore, isLoading, onLoadMore }: LoadMoreButtonProps) {
  const { t } = useTranslation('marketplace');
  if (!hasMore) return null;
  return (
    <Button variant="outline" className="w-full" disabled={isLoading} onClick={onLoadMore}>
      {isLoading ? <Spinner /> : null}
      {isLoading ? t('common.loadingMore') : t('common.loadMore')}
    </Button>
  );
}
