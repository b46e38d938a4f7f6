import type { AdminFloatOperation, AdminOperator } from '@kreyolcash/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorCodeOf } from '../api';
import { dayText } from '../day';
import { formatDateTime, formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { ReasonField } from '../reason-field';
import { useDecideFloat, useFloatOperations } from './floats-api';
import { floatsTexts } from './texts';

/** The operations waiting for a second operator, then the latest decisions. */
export function FloatLists() {
  const t = useAdminText(floatsTexts);
  const pending = useFloatOperations('proposto');
  const decided = useFloatOperations('decidido');
  // The shell already loaded who is signed in (admin-app's session query).
  const me = useQueryClient().getQueryData<AdminOperator | null>(['admin', 'session']);
  return (
    <div className="flex flex-col gap-4">
      <Card className="p-4">
        <h2 className="mb-3 text-lg font-bold text-slate-900">{t('pending.title')}</h2>
        {pending.isPending ? (
          <Spinner />
        ) : pending.data?.items.length ? (
          <ul className="flex flex-col gap-3">
            {pending.data.items.map((o) => (
              <PendingItem key={o.id} operation={o} mine={o.proposto_por === me?.id} />
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">
            {t(pending.isError ? `error.${errorCodeOf(pending.error)}` : 'pending.empty')}
          </p>
        )}
      </Card>
      <Card className="p-4">
        <h2 className="mb-3 text-lg font-bold text-slate-900">{t('decided.title')}</h2>
        {decided.isPending ? (
          <Spinner />
        ) : decided.data?.items.length ? (
          <ul className="flex flex-col divide-y divide-slate-100">
            {decided.data.items.map((o) => (
              <DecidedItem key={o.id} operation={o} />
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">
            {t(decided.isError ? `error.${errorCodeOf(decided.error)}` : 'decided.empty')}
          </p>
        )}
      </Card>
    </div>
  );
}

/** What the operation is: its kind, the agent, the amount (in for an issuance, out for a redemption). */
function Summary({ operation }: { operation: AdminFloatOperation }) {
  const t = useAdminText(floatsTexts);
  const { locale } = useAdminLocale();
  const issuance = operation.tipo === 'emissao';
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">{t(`tipo.${operation.tipo}`)}</p>
        <p className="text-sm break-words text-slate-600">
          {t('item.agent', { numero: operation.agente_numero, name: operation.agente_nome_comercial })}
        </p>
      </div>
      <span
        className={cn(
          'text-lg font-bold whitespace-nowrap tabular-nums',
          issuance ? 'text-emerald-700' : 'text-accent-700',
        )}
        data-testid="float-amount"
      >
        {issuance ? '+' : '−'}
        {formatKreyol(operation.quantidade_centis, locale)}
      </span>
    </div>
  );
}

function Reference({ operation }: { operation: AdminFloatOperation }) {
  const t = useAdminText(floatsTexts);
  return (
    <p className="text-sm break-words text-slate-700">
      {t('item.reference', { reference: operation.referencia })}
      {operation.data_deposito
        ? ` · ${t('item.depositDate', { date: dayText(operation.data_deposito) })}`
        : null}
    </p>
  );
}

function PendingItem({ operation, mine }: { operation: AdminFloatOperation; mine: boolean }) {
  const t = useAdminText(floatsTexts);
  const { locale } = useAdminLocale();
  const decide = useDecideFloat(operation.id);
  const [rejecting, setRejecting] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [missing, setMissing] = useState(false);
  const failure = errorCodeOf(decide.error);
  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (!motivo.trim()) return setMissing(true);
    decide.mutate({ kind: 'reject', motivo: motivo.trim() });
  };
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3" data-testid="pending-float">
      <Summary operation={operation} />
      <Reference operation={operation} />
      <p className="text-xs text-slate-500">
        {t('item.proposedBy', {
          name: operation.proposto_por_nome,
          date: formatDateTime(operation.criado_em, locale),
        })}
      </p>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-accent-700">
          {t(`error.${failure}`)}
        </p>
      ) : null}
      {mine ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('item.own')}</p>
      ) : rejecting ? (
        <form className="flex flex-col gap-2" onSubmit={reject} noValidate>
          <ReasonField
            label={t('item.rejectReason')}
            placeholder={t('item.rejectPlaceholder')}
            value={motivo}
            missing={missing}
            onChange={(value) => {
              setMotivo(value);
              setMissing(false);
            }}
          />
          <div className="grid gap-2 sm:grid-cols-2">
            <Button type="submit" variant="outline" disabled={decide.isPending}>
              {t('item.confirmReject')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setRejecting(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          <Button
            variant="secondary"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ kind: 'approve' })}
          >
            {t('item.approve')}
          </Button>
          <Button variant="outline" disabled={decide.isPending} onClick={() => setRejecting(true)}>
            {t('item.reject')}
          </Button>
        </div>
      )}
    </li>
  );
}

function DecidedItem({ operation }: { operation: AdminFloatOperation }) {
  const t = useAdminText(floatsTexts);
  const { locale } = useAdminLocale();
  const approved = operation.status === 'aprovado';
  return (
    <li className="flex flex-col gap-1 py-2" data-testid="decided-float">
      <Summary operation={operation} />
      <Reference operation={operation} />
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 font-bold',
            approved ? 'bg-emerald-50 text-emerald-800' : 'bg-accent-50 text-accent-700',
          )}
        >
          {t(`status.${operation.status}`)}
        </span>
        <span>
          {t('item.decidedBy', {
            name: operation.decidido_por_nome ?? '—',
            date: operation.decidido_em ? formatDateTime(operation.decidido_em, locale) : '—',
          })}
        </span>
      </div>
      {operation.decisao_motivo ? (
        <p className="text-sm break-words text-slate-700">{operation.decisao_motivo}</p>
      ) : null}
    </li>
  );
}
