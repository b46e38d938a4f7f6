import type { FeeBand, FeeTableResponse } from '@kreyolcash/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorCodeOf } from '../api';
import { formatDateTime, formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { SectionHeader } from '../section-header';
import { StackedTable } from '../stacked-table';
import { BandEditor, hundredthsText } from './band-editor';
import { useFeeTables, useReplaceFees } from './fees-api';
import { feesTexts } from './texts';

// The published fee tables (finance, admin): each operation's bands, and its whole table replaced.
export default function FeesSection() {
  const t = useAdminText(feesTexts);
  const tables = useFeeTables();
  return (
    <section className="flex flex-col gap-4">
      <SectionHeader title={t('title')} intro={t('intro')} />
      {tables.isPending ? (
        <Spinner />
      ) : tables.isError ? (
        <p role="alert" className="text-accent-700">
          {t(`error.${errorCodeOf(tables.error)}`)}
        </p>
      ) : (
        tables.data.tabelas.map((table) => <FeeTableCard key={table.operacao} table={table} />)
      )}
    </section>
  );
}

function FeeTableCard({ table }: { table: FeeTableResponse }) {
  const t = useAdminText(feesTexts);
  const { locale } = useAdminLocale();
  const replace = useReplaceFees(table.operacao);
  const [editing, setEditing] = useState(false);
  const percent = (bp: number) => `${hundredthsText(bp)} %`;
  return (
    <Card className="p-4" data-testid={`fees-${table.operacao}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold text-slate-900">{t(`op.${table.operacao}`)}</h2>
        <p className="text-xs text-slate-500">
          {t('updated', { date: formatDateTime(table.atualizado_em, locale) })}
        </p>
      </div>
      {editing ? (
        <BandEditor
          operacao={table.operacao}
          bands={table.faixas}
          saving={replace.isPending}
          refusal={replace.error}
          onCancel={() => {
            replace.reset();
            setEditing(false);
          }}
          onSave={(faixas) => replace.mutate(faixas, { onSuccess: () => setEditing(false) })}
        />
      ) : (
        <div className="flex flex-col gap-3">
          {replace.isSuccess ? (
            <p role="status" className="text-sm font-medium text-emerald-800">
              {t('saved')}
            </p>
          ) : null}
          <StackedTable<FeeBand>
            caption={t(`op.${table.operacao}`)}
            rows={table.faixas}
            rowKey={(b) => String(b.de_centis)}
            empty={t('free')}
            columns={[
              {
                key: 'from',
                label: t('col.from'),
                numeric: true,
                cell: (b) => formatKreyol(b.de_centis, locale),
              },
              {
                key: 'to',
                label: t('col.to'),
                numeric: true,
                cell: (b) => formatKreyol(b.ate_centis, locale),
              },
              {
                key: 'fixed',
                label: t('col.fixed'),
                numeric: true,
                cell: (b) => formatKreyol(b.fixa_centis, locale),
              },
              {
                key: 'percent',
                label: t('col.percent'),
                numeric: true,
                cell: (b) => percent(b.percentual_bp),
              },
              { key: 'share', label: t('col.share'), numeric: true, cell: (b) => percent(b.comissao_bp) },
            ]}
          />
          <Button
            variant="outline"
            className="self-start"
            onClick={() => {
              replace.reset();
              setEditing(true);
            }}
          >
            {t('edit')}
          </Button>
        </div>
      )}
    </Card>
  );
}
