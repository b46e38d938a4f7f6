import type { Company, CompanyCreateBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/companies: 201 the new company; 409 company_already_exists (one per user). */
export function createCompany(body: CompanyCreateBody): Promise<Company> {
  return apiClient.post('/api/companies', body);
}

export function useCreateCompany(
  options: Omit<UseMutationOptions<Company, Error, CompanyCreateBody>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createCompany,
    onSuccess: (...args) => {
      // The list and "my company" both change.
      void queryClient.invalidateQueries({ queryKey: ['marketplace', 'companies'] });
      options.onSuccess?.(...args);
    },
  });
}
