import type { AdminAgent } from '@kreyolcash/domain';
import { displayPhone } from '@kreyolcash/domain';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorCodeOf } from '../api';
import { useAdminText } from '../i18n';
import { MorePages } from '../list-pages';
import { SectionHeader } from '../section-header';
import { StackedTable } from '../stacked-table';
import { useAgents } from './agents-api';
import { CommuneSelect, communeName } from './commune-select';
import { agentsTexts } from './texts';

// The agents, newest first, of one commune (?comuna=) or of all.
export function ListPage() {
  const t = useAdminText(agentsTexts);
  const [params, setParams] = useSearchParams();
  const comuna = params.get('comuna') ?? '';
  const [draft, setDraft] = useState(comuna);
  const agents = useAgents(comuna);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft ? { comuna: draft } : {});
  };
  const failure = errorCodeOf(agents.error);
  return (
    <section className="flex flex-col gap-4">
      <SectionHeader
        title={t('title')}
        intro={t('intro')}
        action={
          <Link to="new" className={buttonStyles({ variant: 'secondary' })}>
            {t('list.new')}
          </Link>
        }
      />
      <Card className="p-4">
        <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
          <Field className="flex-1" label={t('list.commune')}>
            {(c) => <CommuneSelect {...c} value={draft} empty={t('list.all')} onChange={setDraft} />}
          </Field>
          <Button type="submit" variant="outline">
            {t('list.show')}
          </Button>
        </form>
      </Card>
      <Card className="p-4">
        {agents.isPending ? (
          <Spinner />
        ) : failure ? (
          <p role="alert" className="text-accent-700">
            {t(`error.${failure}`)}
          </p>
        ) : (
          <>
            {agents.data?.pages[0]?.total ? (
              <p className="mb-2 text-sm text-slate-600" data-testid="agent-count">
                {t('list.count', { count: agents.data.pages[0].total })}
              </p>
            ) : null}
            <StackedTable<AdminAgent>
              caption={t('list.caption')}
              testId="agent-list"
              rows={agents.data?.pages.flatMap((page) => page.agentes) ?? []}
              rowKey={(a) => a.id}
              empty={t(comuna ? 'list.empty' : 'list.none')}
              columns={[
                { key: 'number', label: t('col.number'), cell: (a) => a.numero },
                {
                  key: 'business',
                  label: t('col.business'),
                  cell: (a) => (
                    <Link className="font-semibold text-primary-700 underline" to={a.id}>
                      {a.nome_comercial}
                    </Link>
                  ),
                },
                { key: 'commune', label: t('col.commune'), cell: (a) => communeName(a.comuna) },
                {
                  key: 'person',
                  label: t('col.person'),
                  cell: (a) => `${a.nome_completo} · ${displayPhone(a.telefone)}`,
                },
                {
                  key: 'state',
                  label: t('col.state'),
                  cell: (a) => t(a.pausado_em ? 'state.paused' : 'state.listed'),
                },
              ]}
            />
          </>
        )}
        <MorePages pages={agents} label={t('list.more')} />
      </Card>
    </section>
  );
}
