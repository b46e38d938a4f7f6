import { AppError, type Company } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/companies/mine: the caller's company, or null when they have none (404). */
export async function findMyCompany(signal?: AbortSignal): Promise<Company | null> {
  try {
    return await apiClient.get<Company>('/api/companies/mine', { signal });
  } catch (error) {
    if (error instanceof AppError && error.code === 'company_not_found') return null;
    throw error;
  }
}

export function getMyCompanyQueryOptions() {
  return queryOptions({
    queryKey: ['marketplace', 'companies', 'mine'],
    queryFn: ({ signal }) => findMyCompany(signal),
  });
}

export function useMyCompany({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getMyCompanyQueryOptions>;
} = {}) {
  return useQuery({ ...getMyCompanyQueryOptions(), ...queryConfig });
}
