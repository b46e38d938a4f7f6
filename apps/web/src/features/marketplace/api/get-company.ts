import { AppError, type Company } from '@kreyolcash/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/companies/:id: an active company; 404 company_not_found otherwise. */
export function getCompany(companyId: string, signal?: AbortSignal): Promise<Company> {
  return apiClient.get(`/api/companies/${encodeURIComponent(companyId)}`, { signal });
}

export function getCompanyQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: ['marketplace', 'companies', 'detail', companyId],
    queryFn: ({ signal }) => getCompany(companyId, signal),
    // A company that does not exist will not appear on a second try.
    retry: (failures, error) => failures < 1 && AppError.from(error).code !== 'company_not_found',
  });
}

export function useCompany({
  companyId,
  queryConfig,
}: {
  companyId: string;
  queryConfig?: QueryConfig<typeof getCompanyQueryOptions>;
}) {
  return useQuery({ ...getCompanyQueryOptions(companyId), ...queryConfig });
}
