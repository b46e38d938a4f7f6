import type { AdminCompanyList, AdminCompanyPage, AdminModerationResult } from '@kreyolcash/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../api';

const ALL = ['admin', 'moderation'] as const;

export function useCompanySearch(q: string) {
  return useQuery({
    queryKey: [...ALL, 'search', q],
    queryFn: () => adminFetch<AdminCompanyList>('/companies', { query: { q } }),
  });
}

export function useCompany(id: string) {
  return useQuery({
    queryKey: [...ALL, 'company', id],
    queryFn: () => adminFetch<AdminCompanyPage>(`/companies/${id}`),
  });
}

/** `/companies/:id/suspend`, `/products/:id/deactivate`…, with the reason. */
export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { path: string; motivo: string }) =>
      adminFetch<AdminModerationResult>(p.path, { method: 'POST', body: { motivo: p.motivo } }),
    onSettled: () => client.invalidateQueries({ queryKey: ALL }),
  });
}
