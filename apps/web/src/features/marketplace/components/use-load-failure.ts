import { AppError } from '@kreyolcash/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isSessionFailure } from '@/lib/error-text';
import { type MarketplaceFallback, notifyMarketplaceError } from './marketplace-text';

type LoadedQuery = { error: Error | null; data: unknown };
type LoadFailureOptions = {
  /** The code of "it does not exist" (company_not_found, product_not_found). */
  notFound: 'company_not_found' | 'product_not_found';
  fallback: MarketplaceFallback;
};

/**
 * A screen whose company or product did not load says so in a toast and, when it does not exist,
 * goes back to the list of companies (spec §2, §8). Returns whether it does not exist.
 */
export function useLoadFailure(query: LoadedQuery, { notFound, fallback }: LoadFailureOptions): boolean {
  const navigate = useNavigate();
  const isNotFound = query.error ? AppError.from(query.error).code === notFound : false;
  useEffect(() => {
    // A background refetch that fails while the screen has its data changes nothing on it.
    if (!query.error || query.data || isSessionFailure(query.error)) return;
    notifyMarketplaceError(query.error, { fallback });
    if (isNotFound) void navigate('/companies', { replace: true });
  }, [query.error, query.data, isNotFound, navigate, fallback]);
  return isNotFound;
}
