import type { SaleStatus } from '@kreyolcash/domain';
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The sale as its buyer sees it once confirmed. */
export type Purchase = {
  id: string;
  /** The sale's movement: its row in the statement. */
  movimentacao_id: string | null;
  status: SaleStatus;
  produto_id: string;
  produto_nome: string;
  quantidade: number;
  preco_unitario_centis: number;
  total_centis: number;
  empresa_id: string;
  empresa_nome: string;
  /** The seller's WhatsApp number: the company's phone, or its owner's. */
  contato_whatsapp: string;
  criado_em: string;
  expira_em: string | null;
};

export type PurchaseRefusal = 'invalid_codes' | 'code_expired' | 'code_attempts_exceeded';

/** A wrong, expired or exhausted code is an answer, not a failure (spec §8 tolerances). */
export type VerifyPurchaseAnswer =
  | { success: true; venda: Purchase }
  | { success: false; error: PurchaseRefusal; tentativas_restantes?: number };

export type VerifyPurchaseRequest = { saleId: string; codigo: string };

/** POST /api/purchases/:id/verify: the right code moves the money and notifies the seller. */
export function verifyPurchase({ saleId, codigo }: VerifyPurchaseRequest): Promise<VerifyPurchaseAnswer> {
  return apiClient.post(`/api/purchases/${encodeURIComponent(saleId)}/verify`, { codigo });
}

export function useVerifyPurchase(
  options: Omit<UseMutationOptions<VerifyPurchaseAnswer, Error, VerifyPurchaseRequest>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: verifyPurchase,
    onSuccess: (answer, ...rest) => {
      if (answer.success) {
        // Balance, history, stock and the seller's sales all moved.
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        void queryClient.invalidateQueries({ queryKey: ['marketplace'] });
      }
      options.onSuccess?.(answer, ...rest);
    },
  });
}
