import { type AgentListing, findCommune, formatKreyol, type HeldCashOut } from '@kreyolcash/domain';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { StepHeading } from '@/components/ui/step-heading';
import { useTranslation } from '@/lib/i18n';
import { HeldCashOutCard } from './held-cash-out-card';

type HeldStepProps = { held: HeldCashOut; agent: AgentListing | null; onCancelled: () => void };

/** The end: the money is held, and the customer goes to the agent to collect the cash. */
export function HeldStep({ held, agent, onCancelled }: HeldStepProps) {
  const { t } = useTranslation('agents');
  const amount = formatKreyol(held.quantidade_centis);
  return (
    <section className="flex flex-col gap-4" aria-live="polite">
      <StepHeading>{t('cashOut.held.title')}</StepHeading>
      <p className="text-base text-slate-800" data-testid="held-body">
        {t('cashOut.held.body', {
          total: formatKreyol(held.quantidade_centis + held.tarifa_centis),
          amount,
          fee: formatKreyol(held.tarifa_centis),
        })}
      </p>
      {agent ? (
        <p className="flex items-start gap-2 text-base break-words text-slate-800">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
          <span>
            {agent.endereco}, {findCommune(agent.comuna)?.nome ?? agent.comuna}
          </span>
        </p>
      ) : null}
      <HeldCashOutCard held={held} onCancelled={onCancelled} />
      <Link to="/home" className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
        {t('cashOut.held.home')}
      </Link>
    </section>
  );
}
