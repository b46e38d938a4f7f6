import { type AgentListing, findCommune, WEEKDAYS } from '@kreyolcash/domain';
import { Clock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { formatIntervals, isWholeDay } from '../figures';

/** Whether the agent is open now, as the server read it from their hours in Haiti's time. */
function OpenBadge({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation('agents');
  return (
    <span
      className={cn(
        'shrink-0 rounded-full px-2.5 py-0.5 text-sm font-semibold',
        isOpen ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800',
      )}
    >
      {isOpen ? t('agent.open') : t('agent.closed')}
    </span>
  );
}

/** The week's hours, one line a day, folded away until asked for. */
function WeekHours({ hours }: { hours: AgentListing['horario'] }) {
  const { t } = useTranslation('agents');
  return (
    <details className="group text-base text-slate-800">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-primary-800">
        <Clock aria-hidden="true" className="size-5" />
        {t('agent.hours')}
      </summary>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 pb-1 tabular-nums">
        {WEEKDAYS.map((day) => (
          <div key={day} className="contents">
            <dt className="text-slate-700">{t(`days.${day}`)}</dt>
            <dd>
              {hours[day].length === 0
                ? t('agent.closedDay')
                : isWholeDay(hours[day])
                  ? t('agent.wholeDay')
                  : formatIntervals(hours[day])}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

type AgentCardProps = {
  agent: AgentListing;
  /** The heading level of the business name in its screen. */
  headingLevel?: 2 | 3;
  /** What can be done with this agent (cash out here, confirm the choice). */
  children?: ReactNode;
};

/** An agent as people choose one: the shop, its number, where, when, and whether it is open now. */
export function AgentCard({ agent, headingLevel = 3, children }: AgentCardProps) {
  const { t } = useTranslation('agents');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const commune = findCommune(agent.comuna)?.nome ?? agent.comuna;
  return (
    <article
      data-testid="agent-card"
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading className="text-lg font-bold break-words text-slate-900">{agent.nome_comercial}</Heading>
          <p className="text-base font-semibold text-primary-800 tabular-nums">
            {t('agent.number', { number: agent.numero })}
          </p>
        </div>
        <OpenBadge isOpen={agent.aberto_agora} />
      </div>
      <p className="flex items-start gap-2 text-base break-words text-slate-800">
        <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
        <span>
          {agent.endereco}, {commune}
        </span>
      </p>
      <WeekHours hours={agent.horario} />
      {children}
    </article>
  );
}
