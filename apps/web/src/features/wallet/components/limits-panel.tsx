import { formatKreyol, type LimitStatus } from '@kreyolcash/domain';
import { Hourglass, IdCard, Lock, ShieldCheck, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextLink } from '@/components/ui/text-link';
import { useTranslation } from '@/lib/i18n';

/** The "Limit" screen's content: the level, each limit with what is used, and how to move up. */
export function LimitsPanel({ status }: { status: LimitStatus }) {
  const { t } = useTranslation('wallet');
  const { limites } = status;
  return (
    <>
      {status.congelado ? (
        <p
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-base text-red-900"
        >
          <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {t('limits.frozen')}
        </p>
      ) : null}
      <Card className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-primary-50 text-primary-700">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <div className="min-w-0">
            <p className="text-xl font-bold text-slate-900" data-testid="limits-level">
              {t('limits.level', { level: status.nivel })}
            </p>
            <p className="text-base text-slate-700">{t(`limits.levelNames.${status.nivel}`)}</p>
          </div>
        </div>
        <dl className="flex flex-col gap-4">
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-base font-semibold text-slate-800">{t('limits.perTransfer')}</dt>
            <dd className="text-lg font-bold tabular-nums text-slate-900">
              {formatKreyol(limites.por_transferencia_centis)}
            </dd>
          </div>
          <UsageRow label={t('limits.today')} used={status.usado_hoje_centis} limit={limites.diario_centis} />
          <UsageRow label={t('limits.month')} used={status.usado_mes_centis} limit={limites.mensal_centis} />
          <UsageRow label={t('limits.balance')} used={status.saldo_centis} limit={limites.saldo_max_centis} />
        </dl>
        <p className="text-sm text-slate-600">{t('limits.haitiTime')}</p>
      </Card>
      <MoveUp status={status} />
    </>
  );
}

// A definition list holds only its terms and their definitions (or a div of them): the bar and
// what is left are a second definition of the same term.
function UsageRow({ label, used, limit }: { label: string; used: number; limit: number }) {
  const { t } = useTranslation('wallet');
  const share = limit > 0 ? Math.min(1, used / limit) : 1;
  const full = share >= 0.9;
  return (
    <div
      className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1.5"
      data-testid="limits-usage"
    >
      <dt className="text-base font-semibold text-slate-800">{label}</dt>
      <dd className="text-base tabular-nums text-slate-900">
        {t('limits.usedOf', { used: formatKreyol(used), limit: formatKreyol(limit) })}
      </dd>
      <dd className="flex w-full flex-col gap-1.5">
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={t('limits.usedOf', { used: formatKreyol(used), limit: formatKreyol(limit) })}
          className="h-2.5 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={full ? 'h-full rounded-full bg-amber-500' : 'h-full rounded-full bg-primary-600'}
            style={{ width: `${Math.round(share * 100)}%` }}
          />
        </div>
        <p className="text-sm text-slate-600">
          {t('limits.left', { amount: formatKreyol(Math.max(0, limit - used)) })}
        </p>
      </dd>
    </div>
  );
}

function MoveUp({ status }: { status: LimitStatus }) {
  const { t } = useTranslation('wallet');
  const next = status.proximo;
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-slate-900">{t('limits.moveUp.title')}</h2>
      {status.nivel === 0 ? (
        <>
          <p className="text-base text-slate-700">{t('limits.moveUp.phone')}</p>
          <Link to="/verify-phone" className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
            <Smartphone aria-hidden="true" className="size-5" />
            {t('limits.moveUp.phoneAction')}
          </Link>
        </>
      ) : status.nivel === 1 && status.revisao_documento === 'pendente' ? (
        <DocumentUnderReview />
      ) : status.nivel === 1 && next ? (
        <>
          <p className="text-base text-slate-700">
            {t('limits.moveUp.document', {
              perTransfer: formatKreyol(next.por_transferencia_centis),
              daily: formatKreyol(next.diario_centis),
              monthly: formatKreyol(next.mensal_centis),
              balance: formatKreyol(next.saldo_max_centis),
            })}
          </p>
          {status.revisao_documento === 'rejeitada' ? (
            <p className="text-base font-semibold text-slate-800" data-testid="limits-document-rejected">
              {t('limits.moveUp.documentRejected')}
            </p>
          ) : null}
          <Link to="/identity" className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
            <IdCard aria-hidden="true" className="size-5" />
            {status.revisao_documento === 'rejeitada'
              ? t('limits.moveUp.documentRejectedAction')
              : t('limits.moveUp.documentAction')}
          </Link>
        </>
      ) : (
        <p className="text-base text-slate-700">{t('limits.moveUp.top')}</p>
      )}
    </Card>
  );
}

/** A photo waits for compliance: nothing to send again, only where it stands. */
function DocumentUnderReview() {
  const { t } = useTranslation('wallet');
  return (
    <>
      <p className="flex items-start gap-3 text-base text-slate-700" data-testid="limits-document-pending">
        <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        {t('limits.moveUp.documentPending')}
      </p>
      <TextLink to="/identity">{t('limits.moveUp.documentPendingAction')}</TextLink>
    </>
  );
}
