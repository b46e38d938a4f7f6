import type { Product, ProductCreateBody } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type CreateProductRequest = { companyId: string; body: ProductCreateBody };

/** POST /api/companies/:id/products: 201 the new ATIVO service; 403 forbidden unless owner. */
export function createProduct({ companyId, body }: CreateProductRequest): Promise<Product> {
  return apiClient.post(`/api/companies/${encodeURIComponent(companyId)}/products`, body);
}

export function useCreateProduct(
  options: Omit<UseMutationOptions<Product, Error, CreateProductRequest>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createProduct,
    onSuccess: (...args) => {
      // The company's products, and its product count on the list.
      void queryClient.invalidateQueries({ queryKey: ['marketplace', 'companies'] });
      options.onSuccess?.(...args);
    },
  });
}
