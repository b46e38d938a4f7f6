import type { AdminFloatOperationEnvelope } from '@kreyolcash/domain';
import { adminFetch } from '../api';
import { type FourEyesArea, useProposal } from '../four-eyes/four-eyes-api';

// Float issuances and redemptions under four eyes (POST /api/admin/floats/…).

export const floatsArea: FourEyesArea = { path: '/floats', key: ['admin', 'floats'] };

export type FloatProposal =
  | { tipo: 'emissao'; agente: string; quantidade_centis: number; referencia: string; data_deposito: string }
  | { tipo: 'resgate'; agente: string; quantidade_centis: number; referencia: string };

export function useProposeFloat() {
  return useProposal(floatsArea, ({ tipo, ...body }: FloatProposal) =>
    adminFetch<AdminFloatOperationEnvelope>(
      tipo === 'emissao' ? '/floats/issuances' : '/floats/redemptions',
      {
        method: 'POST',
        body,
      },
    ),
  );
}
