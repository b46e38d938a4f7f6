import { type AdminReport, type DisputeDecision, parseAmountToCentis } from '@kreyolcash/domain';

// What support may decide about a dispute depends on where its payment stands, as the ledger
// decides it (reports.sql, kc_reclamacao_decidir): a posted payment is reversed whole, refunded in
// part or left standing; a held one is released to its payee, refunded whole (voided) or left
// held. Offering only these keeps dispute_decision_not_applicable for a payment that changed
// since the page loaded.

export type PaymentState = 'posted' | 'held';

/** Posted, still held, or neither (voided or expired: nothing is left to decide). */
export function paymentStateOf(report: Pick<AdminReport, 'movimentacao_status'>): PaymentState | null {
  if (report.movimentacao_status === 'concluida') return 'posted';
  if (report.movimentacao_status === 'pendente') return 'held';
  return null;
}

const DECISIONS: Record<PaymentState, readonly DisputeDecision[]> = {
  posted: ['reverse', 'refund', 'reject'],
  held: ['release', 'refund', 'reject'],
};

/**
 * A complaint about a cash-out or cash-in: refunded from the agent's float, up to what the
 * customer paid, or rejected; never reversed nor released (the cash changed hands outside the
 * ledger).
 */
export function isCashComplaint(report: Pick<AdminReport, 'agente' | 'pago_centis'>): boolean {
  return report.agente !== null && report.pago_centis !== null;
}

const CASH_DECISIONS: readonly DisputeDecision[] = ['refund', 'reject'];

/** The decisions an open dispute offers, in the order the page shows them. */
export function decisionsFor(
  report: Pick<AdminReport, 'status' | 'movimentacao_status' | 'agente' | 'pago_centis'>,
): readonly DisputeDecision[] {
  const state = paymentStateOf(report);
  if (report.status !== 'aberta' || !state) return [];
  return isCashComplaint(report) ? CASH_DECISIONS : DECISIONS[state];
}

/**
 * What an open dispute keeps out of the payee's reach: the payment itself while it is held, else
 * what was held on the payee's account when it was opened (nothing when they lacked it).
 */
export function heldCentisOf(
  report: Pick<AdminReport, 'status' | 'movimentacao_status' | 'quantidade_centis' | 'retido_centis'>,
): number {
  return report.status === 'aberta' && report.movimentacao_status === 'pendente'
    ? report.quantidade_centis
    : report.retido_centis;
}

/**
 * The part of a posted payment to refund, typed as people type amounts (`12,50`, `₭ 1.234,50`):
 * its centis, or null unless it is more than zero and at most the payment's amount.
 */
export function refundCentisOf(text: string, amountCentis: number): number | null {
  const parsed = parseAmountToCentis(text);
  return parsed.ok && parsed.centis > 0 && parsed.centis <= amountCentis ? parsed.centis : null;
}

/** What went back to the payer once decided: a refund's amount, a reversal's whole amount. */
export function refundedCentisOf(
  report: Pick<AdminReport, 'status' | 'quantidade_centis' | 'reembolso_centis'>,
): number | null {
  if (report.status === 'reembolsada') return report.reembolso_centis ?? report.quantidade_centis;
  if (report.status === 'estornada') return report.quantidade_centis;
  return null;
}
