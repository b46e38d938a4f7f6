import { findCommune } from '@kreyolcash/domain';
import { Banknote } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { inputStyles } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { useAgentsOfCommune } from '../api/get-agents';
import { COMMUNES_BY_DEPARTMENT } from '../communes';
import { AgentCard } from './agent-card';

type AgentsFinderProps = {
  /** The commune chosen (kept in the address, so back and a reload keep it), or none yet. */
  commune: string | null;
  onCommune: (code: string) => void;
};

/** The "Ajan" screen's body: a commune, then its agents, each with the way to cash out there. */
export function AgentsFinder({ commune, onCommune }: AgentsFinderProps) {
  const { t } = useTranslation('agents');
  const chosen = commune ? findCommune(commune) : undefined;
  return (
    <>
      <p className="text-base text-slate-800">{t('list.intro')}</p>
      <Field label={t('list.commune')}>
        {(control) => (
          <select
            {...control}
            value={chosen?.codigo ?? ''}
            onChange={(event) => onCommune(event.target.value)}
            className={inputStyles}
          >
            <option value="" disabled>
              {t('list.choose')}
            </option>
            {COMMUNES_BY_DEPARTMENT.map((department) => (
              <optgroup key={department.codigo} label={department.nome}>
                {department.communes.map((c) => (
                  <option key={c.codigo} value={c.codigo}>
                    {c.nome}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </Field>
      {chosen ? <CommuneAgents code={chosen.codigo} name={chosen.nome} /> : null}
    </>
  );
}

function CommuneAgents({ code, name }: { code: string; name: string }) {
  const { t } = useTranslation('agents');
  const agents = useAgentsOfCommune(code);
  return (
    <section aria-labelledby="commune-agents" className="flex flex-col gap-3" aria-busy={agents.isPending}>
      <h2 id="commune-agents" className="text-lg font-bold text-slate-900">
        {t('list.found', { commune: name })}
      </h2>
      {agents.data ? (
        agents.data.length === 0 ? (
          <p className="text-base text-slate-700">{t('list.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {agents.data.map((agent) => (
              <li key={agent.numero}>
                <AgentCard agent={agent}>
                  <Link
                    to={`/cash-out?agent=${agent.numero}`}
                    className={buttonStyles({ variant: 'secondary', size: 'md' })}
                  >
                    <Banknote aria-hidden="true" className="size-5" />
                    {t('agent.cashOut')}
                  </Link>
                </AgentCard>
              </li>
            ))}
          </ul>
        )
      ) : agents.isError ? (
        <div className="flex flex-col gap-3">
          <p className="text-base text-slate-800">{t('list.loadError')}</p>
          <Button variant="outline" onClick={() => void agents.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <>
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </>
      )}
    </section>
  );
}
