import { AGENT_NUMBER, todayIsoDate } from '@kreyolcash/domain';
import { type FormEvent, useState } from 'react';
import { positiveCentisOf } from '@/components/ui/amount-input';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { AmountField } from '../four-eyes/amount-field';
import { KindChoice } from '../four-eyes/kind-choice';
import { ProposeCard } from '../four-eyes/propose-card';
import { useAdminText } from '../i18n';
import { type FloatProposal, useProposeFloat } from './floats-api';
import { floatsTexts } from './texts';

type Kind = FloatProposal['tipo'];
type Problems = Partial<Record<'agent' | 'amount' | 'reference' | 'date', string>>;

/** Finance proposes float for an agent against a bank deposit, or its redemption for cash. */
export function ProposeFloatForm() {
  const t = useAdminText(floatsTexts);
  const propose = useProposeFloat();
  const [kind, setKind] = useState<Kind>('emissao');
  const [agent, setAgent] = useState('');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [date, setDate] = useState(todayIsoDate);
  const [problems, setProblems] = useState<Problems>({});
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const centis = positiveCentisOf(amount);
    const next: Problems = {};
    if (!AGENT_NUMBER.test(agent.trim())) next.agent = t('propose.agentRequired');
    if (centis === null) next.amount = t('propose.amountInvalid');
    if (!reference.trim() || reference.trim().length > 60) next.reference = t('propose.referenceRequired');
    if (kind === 'emissao' && !date) next.date = t('propose.dateRequired');
    setProblems(next);
    if (Object.keys(next).length > 0 || centis === null) return;
    const terms = { agente: agent.trim(), quantidade_centis: centis, referencia: reference.trim() };
    propose.mutate(
      kind === 'emissao' ? { tipo: kind, ...terms, data_deposito: date } : { tipo: kind, ...terms },
      {
        onSuccess: () => {
          setDone(true);
          setAmount('');
          setReference('');
        },
      },
    );
  };

  return (
    <ProposeCard texts={floatsTexts} testId="float-form" proposal={propose} done={done} onSubmit={submit}>
      <KindChoice
        legend={t('propose.kind')}
        kinds={['emissao', 'resgate'] as const}
        label={(k) => t(`propose.${k}`)}
        value={kind}
        onChange={setKind}
        columns={1}
      />
      <Field label={t('propose.agent')} hint={t('propose.agentHint')} error={problems.agent}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            value={agent}
            onChange={(e) => setAgent(e.target.value)}
          />
        )}
      </Field>
      <AmountField texts={floatsTexts} value={amount} error={problems.amount} onChange={setAmount} />
      <Field
        label={t(kind === 'emissao' ? 'propose.reference' : 'propose.referenceRedemption')}
        error={problems.reference}
      >
        {(control) => (
          <Input
            {...control}
            maxLength={60}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        )}
      </Field>
      {kind === 'emissao' ? (
        <Field label={t('propose.depositDate')} error={problems.date}>
          {(control) => (
            <Input
              {...control}
              type="date"
              max={todayIsoDate()}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          )}
        </Field>
      ) : null}
    </ProposeCard>
  );
}
