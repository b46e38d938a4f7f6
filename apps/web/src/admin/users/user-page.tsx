import type { AdminAuditEntry, AdminOperator, AdminUserMovement, AdminUserPage } from '@kreyolcash/domain';
import { displayPhone, maskNif } from '@kreyolcash/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AdminApiError } from '../api';
import { dayText } from '../day';
import { formatDateTime, formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { auditActionLabels, labelOf, languageLabels, sessionEndLabels, userStatusLabels } from '../labels';
import { StackedTable } from '../stacked-table';
import { DetailItem } from './detail-item';
import { FreezeCard } from './freeze-card';
import { StateBadge } from './search-page';
import { usersTexts } from './texts';
import { fetchUser, fetchUserMovements } from './users-api';

type T = ReturnType<typeof useAdminText>;

function useRole() {
  return useQueryClient().getQueryData<AdminOperator | null>(['admin', 'session'])?.papel;
}

export function UserPageView() {
  const { id = '' } = useParams();
  const t = useAdminText(usersTexts);
  const page = useQuery({ queryKey: ['admin', 'users', 'page', id], queryFn: () => fetchUser(id) });
  if (page.isPending) return <Spinner />;
  if (page.error) {
    const code = page.error instanceof AdminApiError ? page.error.code : 'unexpected_error';
    return <p role="alert">{t(`error.${code}`)}</p>;
  }
  return <UserDetails data={page.data} />;
}

function UserDetails({ data }: { data: AdminUserPage }) {
  const t = useAdminText(usersTexts);
  const { locale } = useAdminLocale();
  const role = useRole();
  const u = data.usuario;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, locale) : t('user.no'));
  const money = (centis: number) => formatKreyol(centis, locale);
  return (
    <div className="flex flex-col gap-4">
      <Link to="/admin/users" className="text-sm font-semibold text-primary-700 underline">
        {t('user.back')}
      </Link>
      <header className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-primary-800">{u.nome_completo}</h1>
        <span className="rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-900">
          {t('user.level', { level: data.limites.nivel })}
        </span>
        <StateBadge frozen={u.congelamento !== null} t={t} />
      </header>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="mb-2 text-lg font-semibold">{t('user.identity')}</h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
            <DetailItem label={t('user.email')}>{u.email}</DetailItem>
            <DetailItem label={t('user.phone')}>{displayPhone(u.telefone)}</DetailItem>
            <DetailItem label={t('user.nif')}>{maskNif(u.documento)}</DetailItem>
            <DetailItem label={t('user.birth')}>{dayText(u.data_nascimento)}</DetailItem>
            <DetailItem label={t('user.status')}>{labelOf(userStatusLabels, locale, u.status)}</DetailItem>
            <DetailItem label={t('user.language')}>{labelOf(languageLabels, locale, u.idioma)}</DetailItem>
            <DetailItem label={t('user.created')}>{when(u.criado_em)}</DetailItem>
            <DetailItem label={t('user.email_confirmed')}>{when(u.email_confirmado_em)}</DetailItem>
            <DetailItem label={t('user.phone_proven')}>{when(u.telefone_verificado_em)}</DetailItem>
            <DetailItem label={t('user.document_approved')}>{when(u.documento_aprovado_em)}</DetailItem>
          </dl>
        </Card>
        <Card data-testid="user-money">
          <h2 className="mb-2 text-lg font-semibold">{t('money.title')}</h2>
          <dl className="flex flex-col gap-2">
            <DetailItem label={t('money.balance')} big>
              {money(data.saldo.saldo_centis)}
            </DetailItem>
            <DetailItem label={t('money.reserved')}>{money(data.saldo.reservado_centis)}</DetailItem>
            <DetailItem label={t('money.available')}>{money(data.saldo.disponivel_centis)}</DetailItem>
          </dl>
        </Card>
        <LimitsCard limits={data.limites} />
        <div className="lg:col-span-2">
          <FreezeCard user={u} role={role} />
        </div>
      </div>
      <Movements userId={u.id} first={data.movimentos} />
      <Card>
        <h2 className="mb-3 text-lg font-semibold">{t('reports.title')}</h2>
        <StackedTable
          caption={t('reports.title')}
          rows={data.reclamacoes}
          rowKey={(r) => r.id}
          empty={t('reports.none')}
          columns={[
            { key: 'date', label: t('col.date'), cell: (r) => formatDateTime(r.criado_em, locale) },
            {
              key: 'role',
              label: t('col.role'),
              cell: (r) => (r.papel === 'pagador' ? t('reports.payer') : t('reports.payee')),
            },
            { key: 'amount', label: t('col.amount'), numeric: true, cell: (r) => money(r.quantidade_centis) },
            { key: 'status', label: t('col.status'), cell: (r) => t(`report.${r.status}`) },
            {
              key: 'open',
              label: '',
              cell: (r) => (
                <Link className="text-primary-700 underline" to={`/admin/reports/${r.id}`}>
                  {t('reports.open')}
                </Link>
              ),
            },
          ]}
        />
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-semibold">{t('sessions.title')}</h2>
        <StackedTable
          caption={t('sessions.title')}
          rows={data.sessoes}
          rowKey={(s) => s.id}
          empty={t('sessions.none')}
          columns={[
            { key: 'created', label: t('col.created'), cell: (s) => formatDateTime(s.criado_em, locale) },
            { key: 'used', label: t('col.last_used'), cell: (s) => formatDateTime(s.ultimo_uso_em, locale) },
            {
              key: 'revoked',
              label: t('col.revoked'),
              cell: (s) =>
                s.revogado_em
                  ? `${formatDateTime(s.revogado_em, locale)}${s.motivo_revogacao ? ` (${labelOf(sessionEndLabels, locale, s.motivo_revogacao)})` : ''}`
                  : t('sessions.open'),
            },
          ]}
        />
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-semibold">{t('audit.title')}</h2>
        <AuditRows rows={data.auditoria.items} t={t} />
        {role === 'compliance' || role === 'admin' ? (
          <Link
            className="mt-3 inline-block text-sm font-semibold text-primary-700 underline"
            to={`/admin/audit?usuario=${u.id}`}
          >
            {t('audit.all')}
          </Link>
        ) : null}
      </Card>
    </div>
  );
}

function LimitsCard({ limits }: { limits: AdminUserPage['limites'] }) {
  const t = useAdminText(usersTexts);
  const { locale } = useAdminLocale();
  const money = (centis: number) => formatKreyol(centis, locale);
  const used = (value: number, limit: number) => (
    <>
      {t('limits.of', { used: money(value), limit: money(limit) })}
      <progress className="mt-1 block h-2 w-full" max={limit} value={Math.min(value, limit)} />
    </>
  );
  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold">{t('limits.title')}</h2>
      <dl className="flex flex-col gap-2">
        <DetailItem label={t('limits.per_transfer')}>
          {money(limits.limites.por_transferencia_centis)}
        </DetailItem>
        <DetailItem label={t('limits.today')}>
          {used(limits.usado_hoje_centis, limits.limites.diario_centis)}
        </DetailItem>
        <DetailItem label={t('limits.month')}>
          {used(limits.usado_mes_centis, limits.limites.mensal_centis)}
        </DetailItem>
        <DetailItem label={t('limits.max_balance')}>{money(limits.limites.saldo_max_centis)}</DetailItem>
      </dl>
    </Card>
  );
}

function Movements({ userId, first }: { userId: string; first: AdminUserPage['movimentos'] }) {
  const t = useAdminText(usersTexts);
  const { locale } = useAdminLocale();
  const [more, setMore] = useState<AdminUserMovement[]>([]);
  const [cursor, setCursor] = useState(first.next_cursor);
  const [loading, setLoading] = useState(false);
  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await fetchUserMovements(userId, cursor);
      setMore((rows) => [...rows, ...page.items]);
      setCursor(page.next_cursor);
    } finally {
      setLoading(false);
    }
  };
  const other = (m: AdminUserMovement) =>
    m.remetente_id === userId ? m.destinatario_nome : m.remetente_nome;
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{t('movements.title')}</h2>
      <StackedTable
        caption={t('movements.title')}
        testId="user-movements"
        rows={[...first.items, ...more]}
        rowKey={(m) => m.id}
        empty={t('movements.none')}
        columns={[
          {
            key: 'date',
            label: t('col.date'),
            cell: (m) => (
              <Link className="text-primary-700 underline" to={`/admin/users/movements/${m.id}`}>
                {formatDateTime(m.criado_em, locale)}
              </Link>
            ),
          },
          { key: 'kind', label: t('col.kind'), cell: (m) => t(`kind.${m.tipo}`) },
          {
            key: 'amount',
            label: t('col.amount'),
            numeric: true,
            cell: (m) =>
              formatKreyol(m.sentido === 'debito' ? -m.quantidade_centis : m.quantidade_centis, locale),
          },
          { key: 'other', label: t('col.other'), cell: (m) => other(m) ?? '—' },
          { key: 'status', label: t('col.status'), cell: (m) => t(`status.${m.status}`) },
        ]}
      />
      {cursor ? (
        <Button variant="outline" className="mt-3" onClick={loadMore} disabled={loading}>
          {t('movements.more')}
        </Button>
      ) : null}
    </Card>
  );
}

export function AuditRows({ rows, t }: { rows: AdminAuditEntry[]; t: T }) {
  const { locale } = useAdminLocale();
  return (
    <StackedTable
      caption={t('audit.title')}
      rows={rows}
      rowKey={(a) => a.id}
      empty={t('audit.none')}
      columns={[
        { key: 'date', label: t('col.date'), cell: (a) => formatDateTime(a.criado_em, locale) },
        {
          key: 'operator',
          label: t('col.operator'),
          cell: (a) => (a.operador_nome ? `${a.operador_nome} · ${t(`role.${a.papel}`)}` : t('audit.self')),
        },
        { key: 'action', label: t('col.action'), cell: (a) => labelOf(auditActionLabels, locale, a.acao) },
        { key: 'reason', label: t('col.reason'), cell: (a) => a.motivo ?? '—' },
      ]}
    />
  );
}
