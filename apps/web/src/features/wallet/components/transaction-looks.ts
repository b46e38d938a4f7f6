import type { TransactionStatus, TransactionType } from '@kreyolcash/domain';
import {
  ArrowDownLeft,
  ArrowUpRight,
  CircleCheck,
  CircleQuestionMark,
  CircleX,
  Clock,
  Gift,
  type LucideIcon,
  SlidersHorizontal,
  Sparkles,
} from 'lucide-react';

type Look = { Icon: LucideIcon; tint: string };

/** Icon and colour by type: money out red, money in green, gifts amber, adjustments grey. */
export const typeLooks: Record<TransactionType, Look & { amountTone: string }> = {
  sent: { Icon: ArrowUpRight, tint: 'bg-accent-50 text-accent-600', amountTone: 'text-slate-900' },
  received: { Icon: ArrowDownLeft, tint: 'bg-emerald-50 text-emerald-700', amountTone: 'text-emerald-700' },
  bonus: { Icon: Gift, tint: 'bg-amber-50 text-amber-700', amountTone: 'text-emerald-700' },
  signup: { Icon: Sparkles, tint: 'bg-amber-50 text-amber-700', amountTone: 'text-emerald-700' },
  adjustment: { Icon: SlidersHorizontal, tint: 'bg-slate-100 text-slate-600', amountTone: 'text-slate-900' },
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
