import type { ReferralStatus } from '@kreyolcash/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** One invitation and how far it went: sent, the friend joined, the bonus was paid. */
export type Referral = {
  id: string;
  nome: string;
  telefone: string | null;
  /** ISO instant. */
  criado_em: string;
  status: ReferralStatus;
};

/** GET /api/referrals: the caller's referral code and sign-up link, and a page of invitations. */
export type ReferralPage = {
  codigo_indicacao: string;
  link: string;
  /** Bonuses paid to the caller this calendar month (Haiti time), and the most a month may have. */
  bonus_pagos_mes: number;
  bonus_limite_mes: number;
  items: Referral[];
  next_cursor: string | null;
};

// A page at a time: the first invitations show quickly on a slow connection.
export const REFERRALS_PAGE_LIMIT = 20;

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
