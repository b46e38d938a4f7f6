import { type AdminReconciliation, type AgentDay, todayIsoDate } from '@kreyolcash/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { adminFetch, adminUrl, errorCodeOf } from '../api';
import { dayText } from '../day';
import { formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { SectionHeader } from '../section-header';
import { StackedTable } from '../stacked-table';
import { OperatorTotals } from './operator-totals';
import { reconciliationTexts } from './texts';

// A day's reconciliation (finance, admin, support): the day in the address (?dia=, today in Haiti
// without it), each agent's row, the operator's totals, and the same rows as CSV.
export default function ReconciliationSection() {
  const t = useAdminText(reconciliationTexts);
  const { locale } = useAdminLocale();
  const [params, setParams] = useSearchParams();
  const today = todayIsoDate();
  const dia = params.get('dia') || today;
  const [draft, setDraft] = useState(dia);
  const report = useQuery({
    queryKey: ['admin', 'reconciliation', dia],
    queryFn: () => adminFetch<AdminReconciliation>('/agents/reconciliation', { query: { dia } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft && draft !== today ? { dia: draft } : {});
  };
  return (
    <section className="flex flex-col gap-4">
      <SectionHeader title={t('title')} intro={t('intro')} />
      <Card className="p-4">
        <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
          <Field className="sm:w-56" label={t('day')}>
            {(c) => (
              <Input
                {...c}
                type="date"
                max={today}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary">
            {t('show')}
          </Button>
          <a
            className={buttonStyles({ variant: 'outline' })}
            href={adminUrl('/agents/reconciliation.csv', { dia, lang: locale })}
            download
            data-testid="reconciliation-csv"
          >
            {t('csv')}
          </a>
        </form>
      </Card>
      {report.isPending ? (
        <Spinner />
      ) : report.isError ? (
        <p role="alert" className="text-accent-700">
          {t(`error.${errorCodeOf(report.error)}`)}
        </p>
      ) : (
        <>
          <OperatorTotals totals={report.data.operador} day={dayText(report.data.dia)} />
          <Card className="p-4">
            <h2 className="mb-3 text-lg font-bold text-slate-900">
              {t('agents.title', { count: report.data.agentes.length })}
            </h2>
            <StackedTable<AgentDay>
              caption={t('agents.caption')}
              testId="reconciliation-agents"
              rows={report.data.agentes}
              rowKey={(row) => row.agente_id}
              empty={t('agents.empty')}
              columns={agentColumns(t, (centis) => formatKreyol(centis, locale))}
            />
          </Card>
        </>
      )}
    </section>
  );
}

function agentColumns(
  t: (key: string, params?: Record<string, string | number>) => string,
  money: (centis: number) => string,
) {
  const amount = (key: string, of: (row: AgentDay) => number) => ({
    key,
    label: t(`col.${key}`),
    numeric: true,
    cell: (row: AgentDay) => (
      <span className="whitespace-nowrap" data-testid={`day-${key}`}>
        {money(of(row))}
      </span>
    ),
  });
  const counted = (key: string, count: (row: AgentDay) => number, of: (row: AgentDay) => number) => ({
    key,
    label: t(`col.${key}`),
    numeric: true,
    cell: (row: AgentDay) => (
      <span data-testid={`day-${key}`}>
        {t('count.amount', { count: count(row), amount: money(of(row)) })}
      </span>
    ),
  });
  return [
    {
      key: 'agent',
      label: t('col.agent'),
      cell: (row: AgentDay) => (
        <span className="font-semibold">
          {row.agente_numero} · {row.nome_comercial}
        </span>
      ),
    },
    amount('start', (r) => r.saldo_inicio_centis),
    counted(
      'cashIns',
      (r) => r.depositos,
      (r) => r.depositos_centis,
    ),
    counted(
      'cashOuts',
      (r) => r.saques,
      (r) => r.saques_centis,
    ),
    amount('commissions', (r) => r.comissoes_centis),
    amount('issued', (r) => r.emitido_centis),
    amount('redeemed', (r) => r.resgatado_centis),
    amount('other', (r) => r.outros_centis),
    amount('in', (r) => r.entradas_centis),
    amount('out', (r) => r.saidas_centis),
    amount('end', (r) => r.saldo_fim_centis),
  ];
}
