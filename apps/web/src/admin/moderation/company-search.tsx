import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useAdminText } from '../i18n';
import { useCompanySearch } from './moderation-api';
import { StatusBadge } from './status-badge';
import { moderationTexts } from './texts';

/** Companies of every status by name or owner; the query stays in the address (?q=). */
export function CompanySearch() {
  const t = useAdminText(moderationTexts);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const results = useCompanySearch(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  };
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-bold text-slate-900">{t('title')}</h1>
      <form className="flex items-end gap-2" onSubmit={submit}>
        <Field label={t('search.label')} className="flex-1">
          {(control) => (
            <Input {...control} type="search" value={text} onChange={(e) => setText(e.target.value)} />
          )}
        </Field>
        <Button type="submit" variant="secondary">
          {t('search.submit')}
        </Button>
      </form>
      {results.isPending ? (
        <Spinner />
      ) : results.data?.items.length ? (
        <Card className="p-0">
          <ul className="divide-y divide-slate-100" data-testid="company-results">
            {results.data.items.map((c) => (
              <li key={c.id}>
                <Link
                  to={c.id}
                  className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-slate-50"
                >
                  <span className="min-w-0">
                    <span className="block break-words font-semibold text-slate-900">{c.nome}</span>
                    <span className="block break-words text-sm text-slate-600">
                      {c.dono_nome} · {c.dono_email}
                    </span>
                  </span>
                  <span className="flex shrink-0 flex-col items-end gap-1">
                    <StatusBadge status={c.status} />
                    {c.compras_pendentes > 0 ? (
                      <span className="text-xs text-amber-800">
                        {t('company.pending', { count: c.compras_pendentes })}
                      </span>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : (
        <p className="text-slate-600">{t('search.empty')}</p>
      )}
    </section>
  );
}
