import type { PendingTransfer } from '@kreyolcash/domain';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { usePendingTransfers } from '../api/get-pending-transfers';

const PARAM = 'movimentacao';

/**
 * Transfers waiting for their code are never lost. The address names the one the
 * wizard holds (`/transfer?movimentacao=<id>`), so a reload comes back to its code step, and so
 * does "enter the code" on its detail; the others are answered for the wizard to offer.
 */
export function useResumableTransfer(
  heldId: string | null,
  onResume: (transfer: PendingTransfer) => void,
): PendingTransfer[] {
  const [params, setParams] = useSearchParams();
  const asked = useRef(params.get(PARAM));
  // The transfer being resumed, until the wizard holds it: in between, its name stays in the address.
  const resuming = useRef<string | null>(null);
  const resume = useRef(onResume);
  resume.current = onResume;
  const waiting = usePendingTransfers();

  useEffect(() => {
    if (!asked.current || !waiting.data) return;
    const found = waiting.data.find((transfer) => transfer.movimentacao_id === asked.current);
    asked.current = null;
    // Over already (posted, cancelled, expired): the wizard starts afresh and offers the others.
    if (!found) return;
    resuming.current = found.movimentacao_id;
    resume.current(found);
  }, [waiting.data]);

  const named = params.get(PARAM);
  useEffect(() => {
    if (heldId !== null && heldId === resuming.current) resuming.current = null;
    // Resumed from cached data, the wizard holds the transfer only at its next render: clearing the
    // address now, then naming it again, left a moment when a reload lost the code step.
    if (asked.current || named === heldId || (heldId === null && named === resuming.current)) return;
    setParams(heldId ? { [PARAM]: heldId } : {}, { replace: true });
  }, [heldId, named, setParams]);

  return waiting.data?.filter((transfer) => transfer.movimentacao_id !== heldId) ?? [];
}
