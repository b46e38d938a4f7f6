import { Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ScreenLayout } from '@/components/layouts/screen-layout';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { StepRefusal } from '@/components/ui/step-refusal';
import { cn } from '@/lib/cn';
import { agentsEnabled } from '@/lib/features';
import { useTranslation } from '@/lib/i18n';
import { useMyAgent } from '@/lib/my-agent';
import { AgentDayView } from './agent-day-view';
import { CashInPanel } from './cash-in-panel';
import { deskRefusalOf, isNotAnAgent } from './desk-errors';
import { DeskHeader } from './desk-header';
import { WaitingCashOuts } from './waiting-cash-outs';

const VIEWS = ['depo', 'retre', 'jounen'] as const;
type View = (typeof VIEWS)[number];

function viewOf(value: string | null): View {
  return VIEWS.find((view) => view === value) ?? 'depo';
}

/** The agent's desk: the float and the rate on top, then a cash-in, the waiting cash-outs, or the day. */
export function DeskScreen({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('desk');
  const enabled = agentsEnabled();
  const agent = useMyAgent({ enabled: enabled && signedIn });
  const [params] = useSearchParams();
  const view = viewOf(params.get('v'));

  let body: ReactNode;
  if (!enabled || agent.data === null || (agent.isError && isNotAnAgent(agent.error))) {
    body = (
      <StatusPanel
        tone="info"
        icon={<Store aria-hidden="true" className="size-10" />}
        title={enabled ? t('notAgent.title') : t('notAgent.offTitle')}
        body={enabled ? t('notAgent.body') : t('notAgent.offBody')}
      />
    );
  } else if (agent.isError) {
    body = <StepRefusal refusal={deskRefusalOf(agent.error, 'user_data_error')} />;
  } else if (!agent.data) {
    body = <Skeleton className="h-56 w-full" />;
  } else {
    body = (
      <>
        <DeskHeader agent={agent.data} />
        <DeskTabs current={view} />
        {view === 'depo' ? <CashInPanel /> : null}
        {view === 'retre' ? <WaitingCashOuts /> : null}
        {view === 'jounen' ? <AgentDayView /> : null}
      </>
    );
  }
  return (
    <ScreenLayout title={t('title')} backTo="/home" backLabel={t('backHome')}>
      {body}
    </ScreenLayout>
  );
}

function DeskTabs({ current }: { current: View }) {
  const { t } = useTranslation('desk');
  return (
    <nav aria-label={t('tabs.label')} className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1">
      {VIEWS.map((view) => (
        <Link
          key={view}
          to={view === 'depo' ? '/agent' : `/agent?v=${view}`}
          replace
          aria-current={view === current ? 'page' : undefined}
          className={cn(
            'grid min-h-11 place-items-center rounded-lg px-1 text-center text-base font-semibold',
            view === current ? 'bg-white text-primary-800 shadow-sm' : 'text-slate-700 hover:bg-white/60',
          )}
        >
          {t(`tabs.${view}`)}
        </Link>
      ))}
    </nav>
  );
}
