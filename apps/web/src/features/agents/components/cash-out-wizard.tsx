import type { AgentListing, HeldCashOut, StartedCashOut } from '@kreyolcash/domain';
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import { StepProgress } from '@/components/ui/step-progress';
import type { Refusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { useStartCashOut } from '../api/cash-outs';
import { cashOutRefusalOf } from '../cash-out-refusals';
import { AgentStep } from './agent-step';
import { AmountStep } from './amount-step';
import { CodeStep } from './code-step';
import { HeldStep } from './held-step';
import { PendingCashOuts } from './pending-cash-outs';

type Step = 'agent' | 'amount' | 'code' | 'held';
const STEPS: Step[] = ['agent', 'amount', 'code'];

/** The screen around the wizard (the app's: a header with the back arrow and the title). */
export type WizardFrame = ComponentType<{ title: string; back: () => void; children: ReactNode }>;

type CashOutWizardProps = {
  /** An agent's number brought from the list (`/cash-out?agent=10001`). */
  agentNumber: string | null;
  /** What the wallet has free, once known. */
  available: number | undefined;
  Frame: WizardFrame;
  onExit: () => void;
};

/**
 * A cash-out at an agent (docs/agents.md): agent → amount → the server's quote and the WhatsApp
 * code → held, to collect at the agent. Nothing is held until the code is confirmed, so backing
 * out of any step leaves nothing to cancel.
 */
export function CashOutWizard({ agentNumber, available, Frame, onExit }: CashOutWizardProps) {
  const { t } = useTranslation('agents');
  const [step, setStep] = useState<Step>('agent');
  const [agent, setAgent] = useState<AgentListing | null>(null);
  // The agent's number as last typed or brought, kept when the agent can no longer be chosen.
  const [number, setNumber] = useState(agentNumber ?? '');
  const [amountText, setAmountText] = useState('');
  const [started, setStarted] = useState<StartedCashOut | null>(null);
  const [held, setHeld] = useState<HeldCashOut | null>(null);
  // Why a step was refused, shown on the step the customer is sent back to.
  const [refusal, setRefusal] = useState<{ step: Step; why: Refusal | null } | null>(null);
  const start = useStartCashOut();

  // A new step starts at its title, for screen readers and the keyboard alike.
  const stepContainer = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepContainer.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [step]);

  function goTo(next: Step, why: Refusal | null = null) {
    setRefusal(why ? { step: next, why } : null);
    if (next !== 'code') setStarted(null);
    setStep(next);
  }

  function goBack() {
    if (step === 'agent' || step === 'held') return onExit();
    goTo(step === 'code' ? 'amount' : 'agent');
  }

  function quote(centis: number) {
    if (!agent) return;
    setRefusal(null);
    start.mutate(
      { agente_numero: agent.numero, quantidade_centis: centis },
      {
        onSuccess: (answer) => {
          setStarted(answer);
          setStep('code');
        },
        onError: (error) => {
          const why = cashOutRefusalOf(error);
          if (why?.code !== 'agent_not_found') return goTo('amount', why);
          setAgent(null);
          goTo('agent', why);
        },
      },
    );
  }

  const refusalOn = (at: Step) => (refusal?.step === at ? refusal.why : null);
  const stepNumber = STEPS.indexOf(step) + 1;
  return (
    <Frame title={t('cashOut.title')} back={goBack}>
      {step !== 'held' ? (
        <StepProgress
          current={stepNumber}
          total={STEPS.length}
          label={t('cashOut.progress', { current: stepNumber, total: STEPS.length })}
        />
      ) : null}
      <div ref={stepContainer} className="flex flex-col gap-5">
        {step === 'agent' ? <PendingCashOuts /> : null}
        {step === 'agent' ? (
          <AgentStep
            initialNumber={number}
            agent={agent}
            refusal={refusalOn('agent')}
            onFound={(found) => {
              setAgent(found);
              if (found) setNumber(String(found.numero));
            }}
            onConfirm={() => goTo('amount')}
          />
        ) : null}
        {step === 'amount' && agent ? (
          <AmountStep
            agent={agent}
            available={available}
            text={amountText}
            onText={(text) => {
              setAmountText(text);
              setRefusal(null);
            }}
            isSending={start.isPending}
            refusal={refusalOn('amount')}
            onSubmit={quote}
          />
        ) : null}
        {step === 'code' && started ? (
          <CodeStep
            key={started.pedido_id}
            started={started}
            isRequoting={start.isPending}
            onHeld={(answer) => {
              setHeld(answer);
              setStep('held');
            }}
            onRequote={() => quote(started.cotacao.quantidade_centis)}
            onBack={(to, why) => {
              if (to === 'agent') setAgent(null);
              goTo(to, why);
            }}
          />
        ) : null}
        {step === 'held' && held ? (
          <HeldStep held={held} agent={agent} onCancelled={() => goTo('agent')} />
        ) : null}
      </div>
    </Frame>
  );
}
