import type { Purchase } from '@kreyolcash/domain';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { usePendingPurchases } from '../api/get-pending-purchases';

const PARAM = 'venda';

/**
 * A purchase waiting for its code is never lost. The address names the sale the
 * page holds (`?venda=<id>`), so a reload comes back to its code, and so does "enter the code" on
 * its movement's detail; otherwise the buyer's pending purchase of this product is answered, for
 * the page to offer (there is at most one: a new purchase cancels it).
 */
export function useResumablePurchase(
  productId: string,
  heldSaleId: string | null,
  onResume: (sale: Purchase) => void,
): Purchase | undefined {
  const [params, setParams] = useSearchParams();
  const asked = useRef(params.get(PARAM));
  const resume = useRef(onResume);
  resume.current = onResume;
  const pending = usePendingPurchases();
  const waitingHere = pending.data?.find((sale) => sale.produto_id === productId);

  useEffect(() => {
    if (!asked.current || !pending.data) return;
    const found = pending.data.find((sale) => sale.id === asked.current && sale.produto_id === productId);
    asked.current = null;
    if (found) resume.current(found);
  }, [pending.data, productId]);

  const named = params.get(PARAM);
  useEffect(() => {
    if (asked.current || named === heldSaleId) return;
    setParams(heldSaleId ? { [PARAM]: heldSaleId } : {}, { replace: true });
  }, [heldSaleId, named, setParams]);

  return waitingHere?.id === heldSaleId ? undefined : waitingHere;
}
