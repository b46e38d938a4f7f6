import type { AmountSign } from './money.ts';

// Status values keep the product's own spelling (spec §3), since they are stored and sent as is.
// Their zod enums are in schemas/statuses.ts: the web app's screens that only display a status
// (home, statement) then load without zod.

export const GENDERS = ['M', 'F', 'OUTRO'] as const;
export type Gender = (typeof GENDERS)[number];

// ATIVO at creation (spec §3); the others let support suspend an account without deleting it.
export const USER_STATUSES = ['ATIVO', 'INATIVO', 'BLOQUEADO'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const INITIAL_USER_STATUS: UserStatus = 'ATIVO';

export const COMPANY_STATUSES = ['ATIVA', 'INATIVA', 'SUSPENSA'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const INITIAL_COMPANY_STATUS: CompanyStatus = 'ATIVA';

export const PRODUCT_STATUSES = ['ATIVO', 'INATIVO', 'ESGOTADO'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const INITIAL_PRODUCT_STATUS: ProductStatus = 'ATIVO';

export const SALE_STATUSES = ['PENDENTE', 'CONFIRMADA', 'CANCELADA', 'CONCLUIDA'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const INITIAL_SALE_STATUS: SaleStatus = 'PENDENTE';

// What a user sees on a transaction.
export const TRANSACTION_STATUSES = ['concluida', 'pendente', 'cancelada'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

// What the ledger stores: a hold that ran out of time ends `expirada`, one voided `cancelada`.
export const MOVEMENT_STATUSES = ['pendente', 'concluida', 'cancelada', 'expirada'] as const;
export type MovementStatus = (typeof MOVEMENT_STATUSES)[number];

// To the user an expired hold is simply cancelled: the ledger presents a movement
// (kc_transacao_json, apps/server/src/ledger/sql/statement.sql).

// `tipo` of kreyolcash_movimentacoes. Corrections are new movements, never edits: `estorno`
// (a reversal, money back from the payee to the payer) and `ajuste` (an operator's correction).
export const MOVEMENT_KINDS = [
  'transferencia',
  'compra',
  'cadastro',
  'bonus',
  'estorno',
  'ajuste',
  // Agents (docs/agents.md): a cash-in, a cash-out, float issued to an agent, float redeemed.
  'deposito',
  'saque',
  'emissao',
  'resgate',
  // A refund from an agent's float to a customer, decided by support on a complaint about a
  // cash-in or cash-out (referente_a).
  'reembolso',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

// How a movement reads for the one looking at it: sent or received between two people, else
// signup, bonus or adjustment (any unknown kind, so a kind added later still shows). The ledger
// presents it (kc_transacao_json).
export const TRANSACTION_TYPES = ['sent', 'received', 'bonus', 'signup', 'adjustment'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

// Plus for money in, minus for money out, no sign for an adjustment (spec §2, transaction detail).
export function amountSignOf(type: TransactionType): AmountSign {
  switch (type) {
    case 'received':
    case 'bonus':
    case 'signup':
      return '+';
    case 'sent':
      return '-';
    case 'adjustment':
      return '';
  }
}

// Statement tabs. Only transfers appear under `received` and `sent`; bonuses, the signup batch
// and adjustments appear only under `all` (spec §2).
export const HISTORY_FILTERS = ['all', 'received', 'sent'] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

export function isHistoryFilter(value: unknown): value is HistoryFilter {
  return typeof value === 'string' && (HISTORY_FILTERS as readonly string[]).includes(value);
}

export function matchesHistoryFilter(type: TransactionType, filter: HistoryFilter): boolean {
  return filter === 'all' || type === filter;
}

// A referral as its inviter sees it: invitation sent; the friend confirmed an account but earned
// no bonus (an identity that had an account before); the bonus was paid.
export const REFERRAL_STATUSES = ['sent', 'joined', 'bonus_paid'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

// The settings phone change (spec §4): a code to the current number, then one to the new number.
export const PHONE_CHANGE_STEPS = ['verify_current', 'verify_new', 'done', 'cancelled'] as const;
export type PhoneChangeStep = (typeof PHONE_CHANGE_STEPS)[number];

// The back office. An operator's role decides the routes they may call (the server checks it on
// every one of them) and the areas the back office shows them.
export const OPERATOR_ROLES = ['support', 'compliance', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

// A document photo's review (KYC): waiting for compliance, then approved or rejected.
export const DOCUMENT_REVIEW_STATUSES = ['pendente', 'aprovada', 'rejeitada'] as const;
export type DocumentReviewStatus = (typeof DOCUMENT_REVIEW_STATUSES)[number];

// An operator's adjustment: proposed, then approved (and posted) or rejected by another operator.
export const ADJUSTMENT_STATUSES = ['proposto', 'aprovado', 'rejeitado'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

// A movement as one account sees it: the money came in (credito) or went out (debito).
export const MOVEMENT_SIDES = ['credito', 'debito'] as const;
export type MovementSide = (typeof MOVEMENT_SIDES)[number];

// A person's part in a "wrong person" report: the one who paid, or the one paid.
export const REPORT_PARTIES = ['pagador', 'recebedor'] as const;
export type ReportParty = (typeof REPORT_PARTIES)[number];

// The ledger's accounts: a user's, and the system's own (the issuer, fees, guarantee, agents).
export const LEDGER_ACCOUNT_KINDS = ['usuario', 'emissor', 'taxas', 'garantia', 'agente'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

// Account and profile. Who froze an account: its owner ("I lost my phone") or an operator.
export const FREEZE_ACTORS = ['usuario', 'operador'] as const;
export type FreezeActor = (typeof FREEZE_ACTORS)[number];

// Disputes of a movement, a "wrong person" report of a transfer among them: open while support
// checks it, then reversed (the whole amount went back), refunded (a part went back, or a held
// payment was voided), released (a held payment went to its payee), rejected, or expired without
// a decision.
export const REPORT_STATUSES = [
  'aberta',
  'estornada',
  'reembolsada',
  'liberada',
  'rejeitada',
  'expirada',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

// Why a payer disputes a movement: the wrong person was paid (a transfer), what was paid for never
// came, the payer does not recognise it, or another reason they describe. A customer complains
// about a cash-out or cash-in with the reasons of cash: the agent asked more than the fee, never
// handed the cash over, or the ₭ and the cash differ.
export const DISPUTE_KINDS = [
  'pessoa_errada',
  'nao_entregue',
  'nao_reconhecida',
  'outro',
  'cobranca_excessiva',
  'dinheiro_nao_entregue',
  'valor_errado',
] as const;
export type DisputeKind = (typeof DISPUTE_KINDS)[number];

// The reasons a customer may give about their own posted cash-out (saque) or cash-in (deposito),
// in the order the app offers them. The ledger decides the same (kc_reclamacao_cabe).
export const CASH_DISPUTE_KINDS = {
  saque: ['dinheiro_nao_entregue', 'cobranca_excessiva', 'valor_errado', 'outro'],
  deposito: ['valor_errado', 'cobranca_excessiva', 'outro'],
} as const satisfies Record<'saque' | 'deposito', readonly DisputeKind[]>;

// What support may decide: a posted movement is reversed, refunded in part or left standing; a
// held one is released to its payee, refunded (voided) or left held. Either may be rejected.
export const DISPUTE_DECISIONS = ['reverse', 'refund', 'release', 'reject'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

// The refusals of a purchase's code that are an answer of POST /api/purchases/:id/verify, not an
// error (the spec's verification "returns false"): a wrong code, an expired one, no attempts left.
export const PURCHASE_CODE_REFUSALS = ['invalid_codes', 'code_expired', 'code_attempts_exceeded'] as const;
export type PurchaseCodeRefusal = (typeof PURCHASE_CODE_REFUSALS)[number];
