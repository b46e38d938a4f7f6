import type { AdminLedgerCheck, AdminLedgerPanel } from '@kreyolcash/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AdminApiError, adminFetch } from '../api';
import { formatDateTime, formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { ledgerTexts } from './texts';

// The ledger panel (finance, admin): the totals of the whole ledger, the last ledger:check and a
// button to run it now, and the age of the message queue.

const PANEL_QUERY = ['admin', 'ledger'] as const;

export default function LedgerSection() {
  const t = useAdminText(ledgerTexts);
  const { locale } = useAdminLocale();
  const client = useQueryClient();
  const panel = useQuery({ queryKey: PANEL_QUERY, queryFn: () => adminFetch<AdminLedgerPanel>('/ledger') });
  const run = useMutation({
    mutationFn: () => adminFetch<AdminLedgerCheck>('/ledger/check', { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: PANEL_QUERY }),
  });
  if (panel.isPending) return <Spinner />;
  if (panel.error) {
    const code = panel.error instanceof AdminApiError ? panel.error.code : 'unexpected_error';
    return <p role="alert">{t(`error.${code}`)}</p>;
  }
  const p = panel.data;
  const money = (centis: number) => formatKreyol(centis, locale);
  const gap = p.emitido_centis - p.saldos_usuarios_centis - p.taxas_centis - p.outras_centis;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-primary-800">{t('title')}</h1>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure label={t('issued')} value={money(p.emitido_centis)} testId="ledger-issued" />
        <Figure
          label={t('balances')}
          value={money(p.saldos_usuarios_centis)}
          note={t('users', { count: p.contas_usuarios })}
          testId="ledger-balances"
        />
        <Figure label={t('reserved')} value={money(p.reservado_centis)} />
        <Figure label={t('fees')} value={money(p.taxas_centis)} />
        {p.outras_centis !== 0 ? <Figure label={t('others')} value={money(p.outras_centis)} /> : null}
        <Figure
          label={t('pending')}
          value={t('pending_detail', {
            count: p.pendentes.quantidade,
            amount: money(p.pendentes.total_centis),
          })}
        />
        <Figure label={t('reports')} value={String(p.reclamacoes_abertas)} />
      </div>
      <p
        className={`rounded-xl p-3 font-semibold ${gap === 0 ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'}`}
      >
        {gap === 0 ? t('balanced') : t('unbalanced', { amount: money(gap) })}
      </p>
      <Card data-testid="ledger-check">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{t('check.title')}</h2>
          <Button variant="secondary" onClick={() => run.mutate()} disabled={run.isPending}>
            {run.isPending ? t('check.running') : t('check.run')}
          </Button>
        </div>
        {run.error ? (
          <p role="alert" className="mb-2 text-accent-700">
            {t(`error.${run.error instanceof AdminApiError ? run.error.code : 'unexpected_error'}`)}
          </p>
        ) : null}
        <LastCheck check={p.ultima_verificacao} />
      </Card>
      <Card>
        <h2 className="mb-2 text-lg font-semibold">{t('outbox.title')}</h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Pair label={t('outbox.pending')}>{p.outbox.pending}</Pair>
          <Pair label={t('outbox.failed')}>{p.outbox.failed}</Pair>
          <Pair label={t('outbox.age')}>
            <span data-testid="outbox-age">
              {p.outbox.idade_segundos === null ? t('outbox.empty') : age(p.outbox.idade_segundos, t)}
            </span>
          </Pair>
        </dl>
      </Card>
    </div>
  );
}

function LastCheck({ check }: { check: AdminLedgerCheck | null }) {
  const t = useAdminText(ledgerTexts);
  const { locale } = useAdminLocale();
  if (!check) return <p className="text-slate-600">{t('check.never')}</p>;
  const r = check.relatorio;
  return (
    <div className="flex flex-col gap-2">
      <p
        className={`self-start rounded-full px-3 py-1 font-semibold ${check.ok ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900'}`}
        data-testid="check-verdict"
      >
        {check.ok ? t('check.ok') : t('check.not_ok', { count: r.problemCount })}
      </p>
      <p className="text-sm text-slate-700">
        {t('check.when', { date: formatDateTime(check.criado_em, locale) })}
      </p>
      <p className="text-sm text-slate-700">
        {t('check.counts', {
          accounts: r.accounts,
          movements: r.movements,
          entries: r.entries,
          holds: r.pendingHolds,
        })}
      </p>
      {r.problems.length > 0 ? (
        <ul className="list-disc pl-5 text-sm">
          {r.problems.map((problem) => (
            <li key={`${problem.check}-${problem.subject}`} className="break-words">
              <strong>{problem.check}</strong>: <code>{problem.subject}</code> ({problem.detail})
            </li>
          ))}
        </ul>
      ) : null}
      {r.problemCount > r.problems.length ? (
        <p className="text-sm">{t('check.more', { count: r.problemCount - r.problems.length })}</p>
      ) : null}
    </div>
  );
}

function age(seconds: number, t: ReturnType<typeof useAdminText>): string {
  if (seconds < 120) return t('age.seconds', { n: seconds });
  if (seconds < 2 * 3600) return t('age.minutes', { n: Math.floor(seconds / 60) });
  if (seconds < 2 * 86_400) return t('age.hours', { n: Math.floor(seconds / 3600) });
  return t('age.days', { n: Math.floor(seconds / 86_400) });
}

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId?: string;
}) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-2xl font-bold text-primary-800" data-testid={testId}>
        {value}
      </p>
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
    </Card>
  );
}

function Pair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold">{children}</dd>
    </div>
  );
}
