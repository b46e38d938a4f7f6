import {
  type AmountSign,
  amountSignOf,
  type Transaction,
  type TransactionStatus,
  type TransactionType,
} from '@kreyolcash/domain';
import {
  ArrowDownLeft,
  ArrowUpRight,
  Banknote,
  CircleCheck,
  CircleQuestionMark,
  CircleX,
  Clock,
  Gift,
  type LucideIcon,
  ShieldAlert,
  ShoppingBag,
  SlidersHorizontal,
  Sparkles,
  Store,
  TimerOff,
  Undo2,
} from 'lucide-react';

type Look = { Icon: LucideIcon; tint: string };

/**
 * How a movement reads to the one looking at it: its type, or what kind of payment it was (a
 * cash-in or cash-out at an agent, and a refund from an agent's float, among them).
 */
export type Reading =
  | TransactionType
  | 'purchase'
  | 'sale'
  | 'reversal'
  | 'cashIn'
  | 'cashOut'
  | 'agentRefund';

const KIND_READINGS: Record<string, Reading> = {
  estorno: 'reversal',
  deposito: 'cashIn',
  saque: 'cashOut',
  reembolso: 'agentRefund',
};

export function readingOf(transaction: Pick<Transaction, 'type' | 'tipo'>): Reading {
  const { type, tipo } = transaction;
  if (tipo === 'compra' && (type === 'sent' || type === 'received'))
    return type === 'sent' ? 'purchase' : 'sale';
  return KIND_READINGS[tipo] ?? type;
}

/**
 * The sign in front of an amount: + money in, − money out. An adjustment the back office posted
 * (tipo `ajuste`) goes one way, against KreyolCash itself: a credit has no sender, a debit no
 * receiver, so the person sees which way it went. A kind this build does not know keeps the
 * spec's unsigned adjustment.
 */
export function amountSignFor(
  transaction: Pick<Transaction, 'type' | 'tipo' | 'remetente_nome' | 'destinatario_nome'>,
): AmountSign {
  const { type, tipo, remetente_nome, destinatario_nome } = transaction;
  if (type === 'adjustment' && tipo === 'ajuste') {
    if (remetente_nome === null && destinatario_nome !== null) return '+';
    if (destinatario_nome === null && remetente_nome !== null) return '-';
  }
  return amountSignOf(type);
}

/** Icon and colour by reading: money out red, money in green, gifts amber, corrections grey. */
export const typeLooks: Record<Reading, Look & { amountTone: string }> = {
  sent: { Icon: ArrowUpRight, tint: 'bg-accent-50 text-accent-600', amountTone: 'text-slate-900' },
  received: { Icon: ArrowDownLeft, tint: 'bg-emerald-50 text-emerald-700', amountTone: 'text-emerald-700' },
  bonus: { Icon: Gift, tint: 'bg-amber-50 text-amber-700', amountTone: 'text-emerald-700' },
  signup: { Icon: Sparkles, tint: 'bg-amber-50 text-amber-700', amountTone: 'text-emerald-700' },
  adjustment: { Icon: SlidersHorizontal, tint: 'bg-slate-100 text-slate-600', amountTone: 'text-slate-900' },
  purchase: { Icon: ShoppingBag, tint: 'bg-accent-50 text-accent-600', amountTone: 'text-slate-900' },
  sale: { Icon: Store, tint: 'bg-emerald-50 text-emerald-700', amountTone: 'text-emerald-700' },
  reversal: { Icon: Undo2, tint: 'bg-slate-100 text-slate-700', amountTone: 'text-slate-900' },
  cashIn: { Icon: Banknote, tint: 'bg-emerald-50 text-emerald-700', amountTone: 'text-emerald-700' },
  cashOut: { Icon: Banknote, tint: 'bg-accent-50 text-accent-600', amountTone: 'text-slate-900' },
  agentRefund: { Icon: Undo2, tint: 'bg-emerald-50 text-emerald-700', amountTone: 'text-emerald-700' },
};

/**
 * What a row must say besides its amount, so a pending −₭20,00 never looks like a sent one: the
 * status unless completed, that a payment is being checked after a "wrong person" report (its
 * money may be held: not the same as waiting for a code), that it was reversed, that a movement
 * is an adjustment.
 */
export type RowState =
  | 'pendente'
  | 'cancelada'
  | 'expirada'
  | 'verificacao'
  | 'estornada'
  | 'adjustment'
  | 'unknown';

export function rowStateOf(
  transaction: Pick<Transaction, 'status' | 'expirada' | 'estornada' | 'type' | 'em_verificacao'>,
): RowState | null {
  switch (transaction.status) {
    case 'pendente':
      return 'pendente';
    case 'cancelada':
      return transaction.expirada ? 'expirada' : 'cancelada';
    case 'concluida':
      if (transaction.em_verificacao) return 'verificacao';
      if (transaction.estornada) return 'estornada';
      return transaction.type === 'adjustment' ? 'adjustment' : null;
    default:
      return 'unknown';
  }
}

/** The label's colours, and the amount's style in that state (struck through when no money moved). */
export const rowStateLooks: Record<RowState, { Icon: LucideIcon; tint: string; amount: string }> = {
  pendente: { Icon: Clock, tint: 'bg-amber-100 text-amber-900', amount: 'text-amber-800 italic' },
  cancelada: { Icon: CircleX, tint: 'bg-accent-50 text-accent-700', amount: 'text-slate-500 line-through' },
  expirada: { Icon: TimerOff, tint: 'bg-accent-50 text-accent-700', amount: 'text-slate-500 line-through' },
  verificacao: { Icon: ShieldAlert, tint: 'bg-sky-100 text-sky-900', amount: 'text-sky-900' },
  estornada: { Icon: Undo2, tint: 'bg-slate-100 text-slate-700', amount: 'text-slate-500' },
  adjustment: { Icon: SlidersHorizontal, tint: 'bg-slate-100 text-slate-700', amount: '' },
  unknown: { Icon: CircleQuestionMark, tint: 'bg-slate-100 text-slate-600', amount: 'text-slate-500' },
};

const statusLooks: Record<TransactionStatus, Look> = {
  concluida: { Icon: CircleCheck, tint: 'bg-emerald-50 text-emerald-800' },
  pendente: { Icon: Clock, tint: 'bg-amber-100 text-amber-900' },
  cancelada: { Icon: CircleX, tint: 'bg-accent-50 text-accent-700' },
};

const unknownStatus: Look = { Icon: CircleQuestionMark, tint: 'bg-slate-100 text-slate-600' };

/** Completed green, pending yellow, cancelled red; a status this build does not know, grey. */
export function statusLookOf(status: string): Look & { isKnown: boolean } {
  const look = Object.hasOwn(statusLooks, status) ? statusLooks[status as TransactionStatus] : undefined;
  return look ? { ...look, isKnown: true } : { ...unknownStatus, isKnown: false };
}
