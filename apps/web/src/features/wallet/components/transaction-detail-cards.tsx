import {
  formatCentis,
  formatKreyol,
  formatSignedKreyol,
  formatWallClock,
  NUMBER_LOCALE,
  type PurchaseLine,
  type Transaction,
} from '@kreyolcash/domain';
import { ShieldAlert, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import {
  amountSignFor,
  readingOf,
  rowStateLooks,
  rowStateOf,
  statusLookOf,
  typeLooks,
} from './transaction-looks';

type CardProps = { transaction: Transaction };

/** Icon and colour by what it was, its title, the signed amount and the status. */
export function TransactionSummaryCard({ transaction }: CardProps) {
  const { t } = useTranslation('wallet');
  const reading = readingOf(transaction);
  const { Icon, tint, amountTone } = typeLooks[reading];
  const state = rowStateOf(transaction);
  const isExpired = state === 'expirada';
  const known = statusLookOf(transaction.status);
  const status = isExpired ? rowStateLooks.expirada : known;
  const statusLabel = isExpired
    ? t('detail.status.expirada')
    : known.isKnown
      ? t(`detail.status.${transaction.status}`)
      : transaction.status;
  const StatusIcon = status.Icon;
  return (
    <Card className="flex flex-col items-center gap-2 text-center" data-testid="summary-card">
      <span className={cn('grid size-16 place-items-center rounded-full', tint)}>
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h2 className="text-lg font-semibold text-slate-700">{t(`detail.types.${reading}`)}</h2>
      <p
        className={cn(
          'text-4xl font-extrabold tracking-tight tabular-nums',
          // A state's own style replaces the type's colour (classes are joined, not merged).
          (state && rowStateLooks[state].amount) || amountTone,
        )}
      >
        {formatSignedKreyol(transaction.quantidade_centis, amountSignFor(transaction))}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <p
          className={cn('flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold', status.tint)}
          data-testid="transaction-status"
        >
          <StatusIcon aria-hidden="true" className="size-4" />
          {statusLabel}
        </p>
        {state === 'verificacao' ? (
          <p
            className={cn(
              'flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold',
              rowStateLooks.verificacao.tint,
            )}
            data-testid="transaction-checking"
          >
            <ShieldAlert aria-hidden="true" className="size-4" />
            {t('detail.status.verificacao')}
          </p>
        ) : null}
        {transaction.estornada ? (
          <p
            className={cn(
              'flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold',
              rowStateLooks.estornada.tint,
            )}
            data-testid="transaction-reversed"
          >
            <Undo2 aria-hidden="true" className="size-4" />
            {t('detail.status.estornada')}
          </p>
        ) : null}
      </div>
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

const integerFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });

/** What was bought: product, quantity, unit price and company (never the sale's ids). */
function PurchaseRows({ compra }: { compra: PurchaseLine }) {
  const { t } = useTranslation('wallet');
  return (
    <>
      <Row label={t('detail.details.product')}>{compra.produto_nome}</Row>
      <Row label={t('detail.details.quantity')}>{integerFormat.format(compra.quantidade)}</Row>
      <Row label={t('detail.details.unitPrice')}>{formatKreyol(compra.preco_unitario_centis)}</Row>
      <Row label={t('detail.details.company')}>{compra.empresa_nome}</Row>
    </>
  );
}

/** The id, the date and time with seconds, what was bought, and the parties when known. */
export function TransactionDetailsCard({ transaction }: CardProps) {
  const { t } = useTranslation('wallet');
  const { compra } = transaction;
  const hasSender = Boolean(transaction.remetente_nome || transaction.remetente_email);
  const hasReceiver = Boolean(transaction.destinatario_nome || transaction.destinatario_email);
  return (
    <Card className="py-3" data-testid="details-card">
      <h2 className="text-base font-bold text-slate-900">{t('detail.details.title')}</h2>
      <dl>
        <Row label={t('detail.details.id')}>
          <span className="font-mono text-sm break-all">{transaction.id}</span>
        </Row>
        <Row label={t('detail.details.date')}>{formatWallClock(transaction.criado_em_haiti)}</Row>
        {compra ? <PurchaseRows compra={compra} /> : null}
        {transaction.agente ? (
          <Row label={t('detail.details.agent')}>
            {t('detail.details.agentValue', {
              name: transaction.agente.nome_comercial,
              numero: transaction.agente.numero,
            })}
          </Row>
        ) : null}
        {hasSender ? (
          <Row label={compra ? t('detail.details.buyer') : t('detail.details.sender')}>
            <Party name={transaction.remetente_nome} email={transaction.remetente_email} />
          </Row>
        ) : null}
        {hasReceiver ? (
          <Row label={compra ? t('detail.details.seller') : t('detail.details.receiver')}>
            <Party name={transaction.destinatario_nome} email={transaction.destinatario_email} />
          </Row>
        ) : null}
      </dl>
    </Card>
  );
}

/** The amount in KreyolCash units, in centis, and the total; the fee the payer paid beside it. */
export function TransactionAmountCard({
  transaction,
}: {
  transaction: Transaction & { taxa_centis?: number };
}) {
  const { t } = useTranslation('wallet');
  const centis = transaction.quantidade_centis;
  return (
    <Card className="py-3" data-testid="amount-card">
      <h2 className="text-base font-bold text-slate-900">{t('detail.amount.title')}</h2>
      <dl className="tabular-nums">
        <Row label={t('detail.amount.units')}>{formatCentis(centis)}</Row>
        <Row label={t('detail.amount.centis')}>{integerFormat.format(centis)}</Row>
        <Row label={t('detail.amount.total')}>{formatKreyol(centis)}</Row>
        {transaction.taxa_centis ? (
          <Row label={t('detail.amount.fee')}>{formatKreyol(transaction.taxa_centis)}</Row>
        ) : null}
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
