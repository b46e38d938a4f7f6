import type { AdminUserHit } from '@kreyolcash/domain';
import { displayPhone } from '@kreyolcash/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorCodeOf } from '../api';
import { useAdminText } from '../i18n';
import { searchUsers } from '../users/users-api';
import { agentsTexts } from './texts';

/** Finds the person as the users area does (GET /api/admin/users?q=) and lets the operator pick one. */
export function PersonPicker(p: {
  chosen: AdminUserHit | null;
  onChoose: (person: AdminUserHit | null) => void;
  error?: string;
}) {
  const t = useAdminText(agentsTexts);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const results = useQuery({
    queryKey: ['admin', 'users', 'search', q],
    queryFn: () => searchUsers(q),
    enabled: q.length >= 2,
  });
  if (p.chosen) {
    return (
      <div className="flex flex-col gap-2 rounded-xl bg-primary-50 p-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm break-words text-primary-900" data-testid="chosen-person">
          {t('new.chosen', { name: p.chosen.nome_completo, email: p.chosen.email })}
        </p>
        <Button type="button" variant="outline" onClick={() => p.onChoose(null)}>
          {t('new.change')}
        </Button>
      </div>
    );
  }
  const find = (event?: FormEvent) => {
    event?.preventDefault();
    const query = text.trim();
    setTooShort(query.length < 2);
    setQ(query.length >= 2 ? query : '');
  };
  const failure = errorCodeOf(results.error);
  const items = results.data?.items ?? [];
  return (
    <div className="flex flex-col gap-3">
      <Field
        label={t('new.search')}
        error={tooShort ? t('new.tooShort') : failure ? t(`error.${failure}`) : p.error}
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              type="search"
              className="min-w-0 flex-1"
              value={text}
              autoComplete="off"
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                // The search sits inside the agent's form: Enter searches instead of submitting it.
                if (e.key === 'Enter') find(e);
              }}
            />
            <Button type="button" variant="outline" onClick={() => find()}>
              {t('new.find')}
            </Button>
          </div>
        )}
      </Field>
      {results.isFetching ? <Spinner /> : null}
      {results.data ? (
        items.length ? (
          <ul className="flex flex-col gap-2" aria-label={t('new.results')} data-testid="person-results">
            {items.map((u) => (
              <li key={u.id} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3">
                <div className="min-w-0 text-sm">
                  <p className="font-semibold break-words text-slate-900">{u.nome_completo}</p>
                  <p className="break-words text-slate-600">
                    {u.email} · {displayPhone(u.telefone)}
                  </p>
                </div>
                <Button type="button" variant="secondary" onClick={() => p.onChoose(u)}>
                  {t('new.pick', { name: u.nome_completo })}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('new.none')}</p>
        )
      ) : null}
    </div>
  );
}
