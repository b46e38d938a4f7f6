import type { Purchase } from '@kreyolcash/domain';

/** How a sale the server no longer holds for its code ended, as the buyer is told it. */
export type EndedSale = 'paid' | 'expired' | 'cancelled' | 'pending';

/**
 * A sale answered "not pending" may have been paid by a confirmation whose answer was lost, so
 * its status decides, not the refusal. A voided sale whose code had run out reads as expired.
 */
export function endedSaleOf(sale: Pick<Purchase, 'status' | 'expira_em'>, nowMs: number): EndedSale {
  switch (sale.status) {
    case 'CONFIRMADA':
    case 'CONCLUIDA':
      return 'paid';
    case 'PENDENTE':
      return 'pending';
    case 'CANCELADA':
      return sale.expira_em !== null && Date.parse(sale.expira_em) <= nowMs ? 'expired' : 'cancelled';
  }
}
