import type { AdminMovementPage, AdminRelatedMovement } from '@kreyolcash/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AdminApiError } from '../api';
import { formatDateTime, formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { labelOf, saleStatusLabels } from '../labels';
import { StackedTable } from '../stacked-table';
import { DetailItem } from './detail-item';
import { usersTexts } from './texts';
import { fetchMovement } from './users-api';

export function MovementPageView() {
  const { id = '' } = useParams();
  const t = useAdminText(usersTexts);
  const page = useQuery({ queryKey: ['admin', 'users', 'movement', id], queryFn: () => fetchMovement(id) });
  if (page.isPending) return <Spinner />;
  if (page.error) {
    const code = page.error instanceof AdminApiError ? page.error.code : 'unexpected_error';
    return <p role="alert">{t(code === 'not_found' ? 'error.not_found' : `error.${code}`)}</p>;
  }
  return <MovementDetails data={page.data} />;
}

function MovementDetails({ data }: { data: AdminMovementPage }) {
  const t = useAdminText(usersTexts);
  const { locale } = useAdminLocale();
  const navigate = useNavigate();
  const m = data.movimentacao;
  const money = (centis: number) => formatKreyol(centis, locale);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, locale) : '—');
  const person = (id: string | null, name: string | null, email: string | null) =>
    id ? (
      <Link className="text-primary-700 underline" to={`/admin/users/${id}`}>
        {name} {email ? <span className="text-slate-600">({email})</span> : null}
      </Link>
    ) : (
      t('movement.system')
    );
  const brief = (b: AdminRelatedMovement) => (
    <Link key={b.id} className="text-primary-700 underline" to={`/admin/users/movements/${b.id}`}>
      {t(`kind.${b.tipo}`)} · {money(b.quantidade_centis)} · {t(`status.${b.status}`)} · {when(b.criado_em)}
    </Link>
  );
  return (
    <div className="flex flex-col gap-4">
      <button
        type="button"
        className="self-start text-sm font-semibold text-primary-700 underline"
        onClick={() => navigate(-1)}
      >
        {t('movement.back')}
      </button>
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold text-primary-800">
          {t(`kind.${m.tipo}`)} · <span data-testid="movement-amount">{money(m.quantidade_centis)}</span>
        </h1>
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-sm font-semibold">
          {t(`status.${m.status}`)}
        </span>
      </header>
      <Card>
        <h2 className="mb-2 text-lg font-semibold">{t('movement.details')}</h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          <DetailItem label={t('movement.payer')}>
            {person(m.remetente_id, m.remetente_nome, m.remetente_email)}
          </DetailItem>
          <DetailItem label={t('movement.payee')}>
            {person(m.destinatario_id, m.destinatario_nome, m.destinatario_email)}
          </DetailItem>
          <DetailItem label={t('movement.created')}>{when(m.criado_em)}</DetailItem>
          <DetailItem label={t('movement.completed')}>{when(m.concluido_em)}</DetailItem>
          {m.expira_em ? <DetailItem label={t('movement.expires')}>{when(m.expira_em)}</DetailItem> : null}
          {m.observacoes ? <DetailItem label={t('movement.note')}>{m.observacoes}</DetailItem> : null}
          {m.motivo ? <DetailItem label={t('movement.reason')}>{m.motivo}</DetailItem> : null}
          {m.ator ? (
            <DetailItem label={t('movement.actor')}>
              {m.ator_operador
                ? `${m.ator_operador.nome} · ${t(`role.${m.ator_operador.papel}`)}`
                : t('movement.actor_unknown')}
            </DetailItem>
          ) : null}
          <DetailItem label={t('movement.id')}>
            <code className="text-xs break-all">{m.id}</code>
          </DetailItem>
          {data.corrige ? (
            <DetailItem label={t('movement.corrects')}>{brief(data.corrige)}</DetailItem>
          ) : null}
          {data.corrigido_por.length > 0 ? (
            <DetailItem label={t('movement.corrected_by')}>
              <span className="flex flex-col">{data.corrigido_por.map(brief)}</span>
            </DetailItem>
          ) : null}
        </dl>
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-semibold">{t('movement.lines')}</h2>
        <StackedTable
          caption={t('movement.lines')}
          testId="ledger-lines"
          rows={data.lancamentos}
          rowKey={(l) => l.id}
          empty={t('movement.no_lines')}
          columns={[
            {
              key: 'account',
              label: t('col.account'),
              cell: (l) =>
                l.titular_nome
                  ? `${l.titular_nome} (${t(`account.${l.conta_tipo}`)})`
                  : t(`account.${l.conta_tipo}`),
            },
            { key: 'value', label: t('col.value'), numeric: true, cell: (l) => money(l.valor_centis) },
            {
              key: 'before',
              label: t('col.before'),
              numeric: true,
              cell: (l) => money(l.saldo_anterior_centis),
            },
            {
              key: 'after',
              label: t('col.after'),
              numeric: true,
              cell: (l) => money(l.saldo_posterior_centis),
            },
          ]}
        />
      </Card>
      {data.venda ? (
        <Card>
          <h2 className="mb-2 text-lg font-semibold">{t('movement.sale')}</h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
            <DetailItem label={t('movement.product')}>{data.venda.produto_nome}</DetailItem>
            <DetailItem label={t('movement.company')}>{data.venda.empresa_nome}</DetailItem>
            <DetailItem label={t('movement.quantity')}>{data.venda.quantidade}</DetailItem>
            <DetailItem label={t('movement.unit_price')}>
              {money(data.venda.preco_unitario_centis)}
            </DetailItem>
            <DetailItem label={t('movement.total')}>{money(data.venda.total_centis)}</DetailItem>
            <DetailItem label={t('col.status')}>
              {labelOf(saleStatusLabels, locale, data.venda.status)}
            </DetailItem>
          </dl>
        </Card>
      ) : null}
      {data.reclamacao ? (
        <Card>
          <h2 className="mb-2 text-lg font-semibold">{t('movement.report')}</h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
            <DetailItem label={t('col.status')}>{t(`report.${data.reclamacao.status}`)}</DetailItem>
            <DetailItem label={t('col.amount')}>{money(data.reclamacao.quantidade_centis)}</DetailItem>
            <DetailItem label={t('movement.held')}>{money(data.reclamacao.retido_centis)}</DetailItem>
            <DetailItem label={t('movement.deadline')}>{when(data.reclamacao.prazo_em)}</DetailItem>
          </dl>
          <Link
            className="mt-3 inline-block font-semibold text-primary-700 underline"
            to={`/admin/reports/${data.reclamacao.id}`}
          >
            {t('reports.open')}
          </Link>
        </Card>
      ) : null}
    </div>
  );
}
