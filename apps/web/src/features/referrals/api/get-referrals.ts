import type { ReferralPage } from '@kreyolcash/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// A page at a time: the first invitations show quickly on a slow connection.
export const REFERRALS_PAGE_LIMIT = 20;

/** GET /api/referrals: the caller's referral code and sign-up link, and a page of invitations. */
export function getReferrals(cursor: string | undefined, signal?: AbortSignal): Promise<ReferralPage> {
  return apiClient.get('/api/referrals', { query: { limit: REFERRALS_PAGE_LIMIT, cursor }, signal });
}

export function getReferralsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['referrals'],
    queryFn: ({ pageParam, signal }) => getReferrals(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useReferrals({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getReferralsQueryOptions(), enabled });
}
