import { AGENT_NUMBER, type AgentListing } from '@kreyolcash/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { StepHeading } from '@/components/ui/step-heading';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { TextLink } from '@/components/ui/text-link';
import { useTranslation } from '@/lib/i18n';
import { getAgentByNumber } from '../api/get-agents';
import { cashOutRefusalOf } from '../cash-out-refusals';
import { AgentCard } from './agent-card';

type AgentStepProps = {
  /** The number typed before, or brought from the agents' list (`?agent=`): looked up at once. */
  initialNumber: string;
  agent: AgentListing | null;
  /** Why the agent can no longer be chosen (paused since), when the wizard came back here. */
  refusal: Refusal | null;
  onFound: (agent: AgentListing | null) => void;
  onConfirm: () => void;
};

/** Step 1: the agent by the number on their shop, shown as listed before it is chosen. */
export function AgentStep({ initialNumber, agent, refusal, onFound, onConfirm }: AgentStepProps) {
  const { t } = useTranslation('agents');
  const [number, setNumber] = useState(initialNumber);
  const [problem, setProblem] = useState<string | undefined>();
  const [lookupRefusal, setLookupRefusal] = useState<Refusal | null>(refusal);
  const lookup = useMutation({
    mutationFn: (numero: string) => getAgentByNumber(numero),
    onSuccess: onFound,
    onError: (error) => setLookupRefusal(cashOutRefusalOf(error)),
  });

  function search(text: string) {
    setLookupRefusal(null);
    onFound(null);
    if (!AGENT_NUMBER.test(text)) return setProblem(t('cashOut.agent.invalid'));
    setProblem(undefined);
    lookup.mutate(text);
  }

  // An agent chosen on the list arrives with its number: it is shown without another tap.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the number the step opened with
  useEffect(() => {
    if (!agent && !refusal && AGENT_NUMBER.test(initialNumber)) search(initialNumber);
  }, []);

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        search(number.trim());
      }}
    >
      <StepHeading>{t('cashOut.agent.title')}</StepHeading>
      <Field label={t('cashOut.agent.label')} hint={t('cashOut.agent.hint')} error={problem}>
        {(control) => (
          <Input
            {...control}
            value={number}
            onChange={(event) => {
              const digits = event.target.value.replace(/\D/g, '').slice(0, 5);
              setNumber(digits);
              setProblem(undefined);
              // Another number is another agent: the one shown can no longer be confirmed.
              if (agent && digits !== String(agent.numero)) onFound(null);
            }}
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            className="text-2xl! font-bold tabular-nums"
          />
        )}
      </Field>
      <StepRefusal refusal={lookupRefusal} />
      {agent ? (
        <AgentCard agent={agent}>
          <Button size="lg" variant="secondary" onClick={onConfirm}>
            {t('cashOut.agent.confirm')}
          </Button>
        </AgentCard>
      ) : (
        <Button type="submit" size="lg" disabled={lookup.isPending || number.length === 0}>
          {lookup.isPending ? <Spinner /> : null}
          {lookup.isPending ? t('cashOut.agent.searching') : t('cashOut.agent.search')}
        </Button>
      )}
      <TextLink to="/agents" className="self-center">
        {t('cashOut.agent.findInList')}
      </TextLink>
    </form>
  );
}
