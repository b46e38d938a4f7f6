import type { AdminAdjustment, AdminOperator } from '@kreyolcash/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorCodeOf } from '../api';
import { formatDateTime, formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { useAdjustments, useDecide } from './adjustments-api';
import { adjustmentsTexts } from './texts';

/** The proposals waiting for a second operator, then the latest decisions. */
export function ProposalLists() {
  const t = useAdminText(adjustmentsTexts);
  const pending = useAdjustments('proposto');
  const decided = useAdjustments('decidido');
  // The shell already loaded who is signed in (admin-app's session query).
  const me = useQueryClient().getQueryData<AdminOperator | null>(['admin', 'session']);
  return (
    <div className="flex flex-col gap-4">
      <Card className="p-4">
        <h2 className="mb-3 text-lg font-bold text-slate-900">{t('pending.title')}</h2>
        {pending.isPending ? (
          <Spinner />
        ) : pending.data?.items.length ? (
          <ul className="flex flex-col gap-3" data-testid="pending-adjustments">
            {pending.data.items.map((a) => (
              <PendingItem key={a.id} adjustment={a} mine={a.proposto_por === me?.id} />
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t('pending.empty')}</p>
        )}
      </Card>
      <Card className="p-4">
        <h2 className="mb-3 text-lg font-bold text-slate-900">{t('decided.title')}</h2>
        {decided.isPending ? (
          <Spinner />
        ) : decided.data?.items.length ? (
          <ul className="flex flex-col divide-y divide-slate-100" data-testid="decided-adjustments">
            {decided.data.items.map((a) => (
              <DecidedItem key={a.id} adjustment={a} />
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t('decided.empty')}</p>
        )}
      </Card>
    </div>
  );
}

function Amount({ centis }: { centis: number }) {
  const { locale } = useAdminLocale();
  return (
    <span
      className={cn(
        'text-lg font-bold whitespace-nowrap tabular-nums',
        centis > 0 ? 'text-emerald-700' : 'text-accent-700',
      )}
    >
      {centis > 0 ? '+' : ''}
      {formatKreyol(centis, locale)}
    </span>
  );
}

function Who({ adjustment }: { adjustment: AdminAdjustment }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold break-words text-slate-900">{adjustment.usuario_nome}</p>
      <p className="text-sm break-words text-slate-600">{adjustment.usuario_email}</p>
    </div>
  );
}

function PendingItem({ adjustment, mine }: { adjustment: AdminAdjustment; mine: boolean }) {
  const t = useAdminText(adjustmentsTexts);
  const { locale } = useAdminLocale();
  const decide = useDecide(adjustment.id);
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
    <li
      className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3"
      data-testid="pending-adjustment"
    >
      <div className="flex items-start justify-between gap-3">
        <Who adjustment={adjustment} />
        <Amount centis={adjustment.quantidade_centis} />
      </div>
      <p className="text-sm break-words text-slate-800">{adjustment.motivo}</p>
      <p className="text-xs text-slate-500">
        {t('item.reference', { reference: adjustment.referencia })} ·{' '}
        {t('item.proposedBy', {
          name: adjustment.proposto_por_nome,
          date: formatDateTime(adjustment.criado_em, locale),
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
        <form className="flex flex-col gap-2 sm:flex-row" onSubmit={reject} noValidate>
          <Input
            aria-label={t('item.rejectReason')}
            placeholder={t('item.rejectReason')}
            aria-invalid={missing || undefined}
            value={motivo}
            maxLength={500}
            onChange={(e) => {
              setMotivo(e.target.value);
              setMissing(false);
            }}
          />
          <Button type="submit" variant="outline" disabled={decide.isPending}>
            {t('item.confirmReject')}
          </Button>
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
      {missing ? <p className="text-sm font-medium text-accent-700">{t('common.reason_required')}</p> : null}
    </li>
  );
}

function DecidedItem({ adjustment }: { adjustment: AdminAdjustment }) {
  const t = useAdminText(adjustmentsTexts);
  const { locale } = useAdminLocale();
  const approved = adjustment.status === 'aprovado';
  return (
    <li className="flex flex-col gap-1 py-2" data-testid="decided-adjustment">
      <div className="flex items-start justify-between gap-3">
        <Who adjustment={adjustment} />
        <Amount centis={adjustment.quantidade_centis} />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 font-bold',
            approved ? 'bg-emerald-50 text-emerald-800' : 'bg-accent-50 text-accent-700',
          )}
        >
          {t(`status.${adjustment.status}`)}
        </span>
        <span>
          {t('item.decidedBy', {
            name: adjustment.decidido_por_nome ?? '—',
            date: adjustment.decidido_em ? formatDateTime(adjustment.decidido_em, locale) : '—',
          })}
        </span>
      </div>
      <p className="text-sm break-words text-slate-700">{adjustment.decisao_motivo ?? adjustment.motivo}</p>
    </li>
  );
}
