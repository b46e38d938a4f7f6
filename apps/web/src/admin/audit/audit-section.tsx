import type { AdminAuditEntry, AdminAuditPage } from '@kreyolcash/domain';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { AdminApiError, adminUrl } from '../api';
import { formatDateTime, useAdminLocale, useAdminText } from '../i18n';
import { auditActionLabels, auditTargetLabels, labelOf } from '../labels';
import { MorePages, useListPages } from '../list-pages';
import { SectionHeader } from '../section-header';
import { StackedTable } from '../stacked-table';
import { changeLines, colonOf, shortId } from './change-words';
import { auditTexts } from './texts';

// The audit trail (compliance, admin): filters by user, operator and Haiti dates kept in the
// address, pages of 50 newest first, and the same selection exported as CSV by the browser.

const FILTERS = ['usuario', 'operador', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

export default function AuditSection() {
  const t = useAdminText(auditTexts);
  const { locale } = useAdminLocale();
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Filters;
  const [draft, setDraft] = useState<Filters>(applied);
  const pages = useListPages<AdminAuditPage>(['admin', 'audit', applied], '/audit', applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of FILTERS) if (draft[key].trim()) next.set(key, draft[key].trim());
    setParams(next);
  };
  const field = (key: (typeof FILTERS)[number], type: 'text' | 'date') => (
    <Field label={t(`filter.${key === 'usuario' ? 'user' : key === 'operador' ? 'operator' : key}`)}>
      {(c) => (
        <Input
          {...c}
          type={type}
          name={key}
          value={draft[key]}
          onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
        />
      )}
    </Field>
  );
  const rows = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <SectionHeader title={t('title')} intro={t('intro')} />
      <Card>
        <form className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={submit} noValidate>
          {field('usuario', 'text')}
          {field('operador', 'text')}
          {field('from', 'date')}
          {field('to', 'date')}
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
            <Button type="submit" variant="secondary">
              {t('filter.apply')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft({ usuario: '', operador: '', from: '', to: '' });
                setParams(new URLSearchParams());
              }}
            >
              {t('filter.clear')}
            </Button>
            <a
              className={buttonStyles({ variant: 'outline', className: 'sm:ml-auto' })}
              href={adminUrl('/audit.csv', { ...applied, lang: locale })}
              download
            >
              {t('export')}
            </a>
          </div>
        </form>
      </Card>
      {pages.isPending ? <Spinner /> : null}
      {pages.error ? (
        <p role="alert" className="text-accent-700">
          {t(`error.${pages.error instanceof AdminApiError ? pages.error.code : 'unexpected_error'}`)}
        </p>
      ) : null}
      {pages.data ? (
        <Card>
          <AuditTable rows={rows} />
          <MorePages pages={pages} label={t('more')} />
        </Card>
      ) : null}
    </div>
  );
}

function AuditTable({ rows }: { rows: AdminAuditEntry[] }) {
  const t = useAdminText(auditTexts);
  const { locale } = useAdminLocale();
  return (
    <StackedTable
      caption={t('title')}
      testId="audit-rows"
      rows={rows}
      rowKey={(a) => a.id}
      empty={t('none')}
      columns={[
        { key: 'date', label: t('col.date'), cell: (a) => formatDateTime(a.criado_em, locale) },
        {
          key: 'operator',
          label: t('col.operator'),
          cell: (a) => (a.operador_nome ? `${a.operador_nome} · ${t(`role.${a.papel}`)}` : t('self')),
        },
        { key: 'action', label: t('col.action'), cell: (a) => labelOf(auditActionLabels, locale, a.acao) },
        {
          key: 'target',
          label: t('col.target'),
          // The kind in words; the id stays, short (whole on hover), for the rows that have no page
          // of their own.
          cell: (a) => (
            <span>
              {labelOf(auditTargetLabels, locale, a.alvo_tipo)}{' '}
              <code className="text-xs text-slate-600" title={a.alvo_id}>
                {shortId(a.alvo_id)}
              </code>
            </span>
          ),
        },
        {
          key: 'user',
          label: t('col.user'),
          cell: (a) =>
            a.usuario_id ? (
              <Link className="text-primary-700 underline" to={`/admin/users/${a.usuario_id}`}>
                {a.usuario_nome ?? a.usuario_id}
              </Link>
            ) : (
              '—'
            ),
        },
        { key: 'reason', label: t('col.reason'), cell: (a) => a.motivo ?? '—' },
        {
          key: 'change',
          label: t('col.change'),
          cell: (a) =>
            a.antes === null && a.depois === null ? (
              '—'
            ) : (
              <details className="text-left text-xs">
                <summary className="cursor-pointer text-primary-700">{t('details')}</summary>
                {a.antes !== null ? <Change label={t('before')} value={a.antes} action={a.acao} /> : null}
                {a.depois !== null ? <Change label={t('after')} value={a.depois} action={a.acao} /> : null}
              </details>
            ),
        },
      ]}
    />
  );
}

function Change({ label, value, action }: { label: string; value: unknown; action: string }) {
  const { locale } = useAdminLocale();
  return (
    <div className="mt-1">
      <strong>{label}</strong>
      <dl className="max-w-xs rounded bg-slate-100 p-2 break-words" data-testid="audit-change">
        {changeLines(value, locale, action).map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one stored value never move
          <div key={index}>
            {line.field ? (
              <dt className="inline font-semibold">
                {line.field}
                {colonOf(locale)}
              </dt>
            ) : null}
            <dd className="inline">{line.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
