import { AGENT_NUMBER, parseAmountToCentis, todayIsoDate } from '@kreyolcash/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { errorCodeOf } from '../api';
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
  const failure = errorCodeOf(propose.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const parsed = parseAmountToCentis(amount);
    const centis = parsed.ok && parsed.centis > 0 ? parsed.centis : null;
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
    <Card className="p-4">
      <h2 className="mb-3 text-lg font-bold text-slate-900">{t('propose.title')}</h2>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="float-form">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-base font-semibold text-slate-800">{t('propose.kind')}</legend>
          <div className="grid gap-2">
            {(['emissao', 'resgate'] as const).map((k) => (
              <label
                key={k}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm font-semibold',
                  kind === k
                    ? 'border-primary-700 bg-primary-50 text-primary-900'
                    : 'border-slate-300 bg-white',
                )}
              >
                <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
                {t(`propose.${k}`)}
              </label>
            ))}
          </div>
        </fieldset>
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
        <Field label={t('propose.amount')} hint={t('propose.amountHint')} error={problems.amount}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </Field>
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
        {failure ? (
          <p role="alert" className="text-sm font-medium text-accent-700">
            {t(`error.${failure}`)}
          </p>
        ) : null}
        {done ? (
          <p role="status" className="text-sm font-medium text-emerald-800">
            {t('propose.done')}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" disabled={propose.isPending}>
          {t('propose.submit')}
        </Button>
      </form>
    </Card>
  );
}
