import {
  amountSignOf,
  formatCentis,
  formatDateTime,
  formatKreyol,
  formatSignedKreyol,
  NUMBER_LOCALE,
  type Transaction,
} from '@kreyolcash/domain';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { statusLookOf, typeLooks } from './transaction-looks';

type CardProps = { transaction: Transaction };

/** Icon and colour by type, the title of the type, the signed amount and the status. */
export function TransactionSummaryCard({ transaction }: CardProps) {
  const { t } = useTranslation('wallet');
  const { Icon, tint, amountTone } = typeLooks[transaction.type];
  const status = statusLookOf(transaction.status);
  const StatusIcon = status.Icon;
  return (
    <Card className="flex flex-col items-center gap-2 text-center" data-testid="summary-card">
      <span className={cn('grid size-16 place-items-center rounded-full', tint)}>
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h2 className="text-lg font-semibold text-slate-700">{t(`detail.types.${transaction.type}`)}</h2>
      <p
        className={cn(
          'text-4xl font-extrabold tracking-tight tabular-nums',
          amountTone,
          transaction.status === 'cancelada' && 'line-through opacity-60',
        )}
      >
        {formatSignedKreyol(transaction.quantidade_centis, amountSignOf(transaction.type))}
      </p>
      <p
        className={cn('flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold', status.tint)}
        data-testid="transaction-status"
      >
        <StatusIcon aria-hidden="true" className="size-4" />
        {status.isKnown ? t(`detail.status.${transaction.status}`) : transaction.status}
      </p>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-100 py-2.5 last:border-b-0 last:pb-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-base font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Party({ name, email }: { name: string | null; email: string | null }) {
  return (
    <>
      {name ? <span className="block">{name}</span> : null}
      {email ? <span className="block font-normal text-slate-600">{email}</span> : null}
    </>
  );
}

/** The id, the date and time with seconds, and the parties when known. */
export function TransactionDetailsCard({ transaction }: CardProps) {
  const { t } = useTranslation('wallet');
  const hasSender = Boolean(transaction.remetente_nome || transaction.remetente_email);
  const hasReceiver = Boolean(transaction.destinatario_nome || transaction.destinatario_email);
  return (
    <Card className="py-3" data-testid="details-card">
      <h2 className="text-base font-bold text-slate-900">{t('detail.details.title')}</h2>
      <dl>
        <Row label={t('detail.details.id')}>
          <span className="font-mono text-sm break-all">{transaction.id}</span>
        </Row>
        <Row label={t('detail.details.date')}>{formatDateTime(transaction.criado_em)}</Row>
        {hasSender ? (
          <Row label={t('detail.details.sender')}>
            <Party name={transaction.remetente_nome} email={transaction.remetente_email} />
          </Row>
        ) : null}
        {hasReceiver ? (
          <Row label={t('detail.details.receiver')}>
            <Party name={transaction.destinatario_nome} email={transaction.destinatario_email} />
          </Row>
        ) : null}
      </dl>
    </Card>
  );
}

const integerFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });

/** The amount in KreyolCash units, in centis, and the total. */
export function TransactionAmountCard({ transaction }: CardProps) {
  const { t } = useTranslation('wallet');
  const centis = transaction.quantidade_centis;
  return (
    <Card className="py-3" data-testid="amount-card">
      <h2 className="text-base font-bold text-slate-900">{t('detail.amount.title')}</h2>
      <dl className="tabular-nums">
        <Row label={t('detail.amount.units')}>{formatCentis(centis)}</Row>
        <Row label={t('detail.amount.centis')}>{integerFormat.format(centis)}</Row>
        <Row label={t('detail.amount.total')}>{formatKreyol(centis)}</Row>
      </dl>
    </Card>
  );
}

/** The payer's note; the card exists only when there is one. */
export function TransactionNotesCard({ notes }: { notes: string }) {
  const { t } = useTranslation('wallet');
  return (
    <Card className="py-3" data-testid="notes-card">
      <h2 className="text-base font-bold text-slate-900">{t('detail.notes')}</h2>
      <p className="mt-1 text-base break-words whitespace-pre-line text-slate-800">{notes}</p>
    </Card>
  );
}
