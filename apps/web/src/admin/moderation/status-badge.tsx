import type { CompanyStatus, ProductStatus } from '@kreyolcash/domain';
import { cn } from '@/lib/cn';
import { useAdminText } from '../i18n';
import { moderationTexts } from './texts';

const TINTS: Record<CompanyStatus | ProductStatus, string> = {
  ATIVA: 'bg-emerald-50 text-emerald-800',
  ATIVO: 'bg-emerald-50 text-emerald-800',
  SUSPENSA: 'bg-accent-50 text-accent-700',
  INATIVA: 'bg-slate-200 text-slate-700',
  INATIVO: 'bg-slate-200 text-slate-700',
  ESGOTADO: 'bg-amber-100 text-amber-900',
};

export function StatusBadge({ status }: { status: CompanyStatus | ProductStatus }) {
  const t = useAdminText(moderationTexts);
  return (
    <span
      className={cn('rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap', TINTS[status])}
      data-testid="status-badge"
    >
      {t(`status.${status}`)}
    </span>
  );
}
