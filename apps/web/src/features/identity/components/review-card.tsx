import type { Identity } from '@kreyolcash/domain';
import { formatDate } from '@kreyolcash/domain';
import { CheckCircle2, Clock, FileWarning, ImageOff } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

const LOOK = {
  none: { Icon: ImageOff, tone: 'bg-slate-100 text-slate-600' },
  pendente: { Icon: Clock, tone: 'bg-primary-50 text-primary-700' },
  aprovada: { Icon: CheckCircle2, tone: 'bg-emerald-50 text-emerald-700' },
  rejeitada: { Icon: FileWarning, tone: 'bg-accent-50 text-accent-700' },
} as const;

const SENTENCE = {
  none: 'review.none',
  pendente: 'review.pending',
  aprovada: 'review.approved',
  rejeitada: 'review.rejected',
} as const;

/** Where the newest document photo stands: waiting, approved, or rejected with the reason. */
export function ReviewCard({ revisao }: { revisao: Identity['revisao'] }) {
  const { t } = useTranslation('identity');
  const state = revisao?.status ?? 'none';
  const { Icon, tone } = LOOK[state];
  return (
    <Card className="flex flex-col gap-3" aria-live="polite">
      <h2 className="text-lg font-bold text-slate-900">{t('review.title')}</h2>
      <div className="flex items-start gap-3" data-testid="identity-review" data-status={state}>
        <span className={cn('grid size-11 shrink-0 place-items-center rounded-full', tone)}>
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-base font-semibold text-slate-900">{t(SENTENCE[state])}</p>
          {revisao?.status === 'rejeitada' && revisao.motivo ? (
            <p className="text-base break-words text-accent-700">
              {t('review.reason', { reason: revisao.motivo })}
            </p>
          ) : null}
          {revisao ? (
            <p className="text-sm text-slate-600">
              {t('review.sentOn', { date: formatDate(revisao.enviado_em) })}
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
