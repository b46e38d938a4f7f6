import type { AdminUserHit } from '@kreyolcash/domain';
import { displayPhone, maskNif } from '@kreyolcash/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { AdminApiError } from '../api';
import { formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { StackedTable } from '../stacked-table';
import { usersTexts } from './texts';
import { searchUsers } from './users-api';

// The search keeps its text in the address (?q=), so going back from a user's page finds it again.
export function SearchPage() {
  const t = useAdminText(usersTexts);
  const { locale } = useAdminLocale();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [tooShort, setTooShort] = useState(false);
  const results = useQuery({
    queryKey: ['admin', 'users', 'search', q],
    queryFn: () => searchUsers(q),
    enabled: q.length >= 2,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    setTooShort(query.length < 2);
    // A search that cannot run leaves no earlier results on the screen, as if they answered it.
    setParams(query.length >= 2 ? { q: query } : {});
  };
  const error = results.error instanceof AdminApiError ? t(`error.${results.error.code}`) : undefined;
  const items = results.data?.items ?? [];
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <h1 className="mb-3 text-xl font-bold text-primary-800">{t('search.title')}</h1>
        <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
          <Field
            className="flex-1"
            label={t('search.label')}
            error={tooShort ? t('search.too_short') : error}
          >
            {(c) => (
              <Input {...c} type="search" name="q" value={text} onChange={(e) => setText(e.target.value)} />
            )}
          </Field>
          <Button type="submit" variant="secondary">
            {t('search.submit')}
          </Button>
        </form>
      </Card>
      {results.isFetching ? <Spinner /> : null}
      {results.data && !results.isError ? (
        <Card>
          <h2 className="mb-3 text-lg font-semibold">{t('search.results')}</h2>
          <StackedTable<AdminUserHit>
            caption={t('search.results')}
            testId="user-results"
            rows={items}
            rowKey={(u) => u.id}
            empty={t('search.none')}
            columns={[
              {
                key: 'name',
                label: t('col.name'),
                cell: (u) => (
                  <Link className="font-semibold text-primary-700 underline" to={`/admin/users/${u.id}`}>
                    {u.nome_completo}
                  </Link>
                ),
              },
              { key: 'email', label: t('col.email'), cell: (u) => u.email },
              { key: 'phone', label: t('col.phone'), cell: (u) => displayPhone(u.telefone) },
              { key: 'nif', label: t('col.nif'), cell: (u) => maskNif(u.documento) },
              {
                key: 'balance',
                label: t('col.balance'),
                numeric: true,
                cell: (u) => formatKreyol(u.saldo_centis, locale),
              },
              {
                key: 'state',
                label: t('col.state'),
                cell: (u) => <StateBadge frozen={u.congelado_em !== null} t={t} />,
              },
            ]}
          />
          {items.length >= 20 ? <p className="mt-3 text-sm text-slate-600">{t('search.at_most')}</p> : null}
        </Card>
      ) : null}
    </div>
  );
}

export function StateBadge({ frozen, t }: { frozen: boolean; t: (key: string) => string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${frozen ? 'bg-sky-100 text-sky-900' : 'bg-emerald-100 text-emerald-900'}`}
    >
      {frozen ? t('state.frozen') : t('state.active')}
    </span>
  );
}
