import type { AdminRecipient } from '@kreyolcash/domain';
import { type FormEvent, useState } from 'react';
import { positiveCentisOf } from '@/components/ui/amount-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, inputStyles } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { AdminApiError } from '../api';
import { AmountField } from '../four-eyes/amount-field';
import { KindChoice } from '../four-eyes/kind-choice';
import { ProposeCard } from '../four-eyes/propose-card';
import { formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { findRecipient, usePropose } from './adjustments-api';
import { adjustmentsTexts } from './texts';

type Problems = Partial<Record<'person' | 'amount' | 'reason' | 'reference', string>>;

/** Finance proposes a credit or a debit for one person; another operator will approve it. */
export function ProposeForm() {
  const t = useAdminText(adjustmentsTexts);
  const { locale } = useAdminLocale();
  const propose = usePropose();
  const [person, setPerson] = useState('');
  const [found, setFound] = useState<AdminRecipient | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [kind, setKind] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [motivo, setMotivo] = useState('');
  const [referencia, setReferencia] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [done, setDone] = useState(false);

  const lookUp = async () => {
    setFound(null);
    setLookupError(null);
    if (!person.trim()) return setLookupError(t('propose.personRequired'));
    try {
      setFound((await findRecipient(person.trim())).usuario);
    } catch (error) {
      setLookupError(t(`error.${error instanceof AdminApiError ? error.code : 'unexpected_error'}`));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const centis = positiveCentisOf(amount);
    const next: Problems = {};
    if (!person.trim()) next.person = t('propose.personRequired');
    if (centis === null) next.amount = t('propose.amountInvalid');
    if (!motivo.trim()) next.reason = t('common.reason_required');
    if (!referencia.trim()) next.reference = t('propose.referenceRequired');
    setProblems(next);
    if (Object.keys(next).length > 0 || centis === null) return;
    propose.mutate(
      {
        user_id: person.trim(),
        quantidade_centis: kind === 'credit' ? centis : -centis,
        motivo: motivo.trim(),
        referencia: referencia.trim(),
      },
      {
        onSuccess: () => {
          setDone(true);
          setAmount('');
          setMotivo('');
          setReferencia('');
        },
      },
    );
  };

  return (
    <ProposeCard
      texts={adjustmentsTexts}
      testId="propose-form"
      proposal={propose}
      done={done}
      onSubmit={submit}
    >
      <Field label={t('propose.person')} error={problems.person ?? lookupError ?? undefined}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              className="min-w-0 flex-1"
              value={person}
              autoComplete="off"
              onChange={(e) => {
                setPerson(e.target.value);
                setFound(null);
              }}
            />
            <Button type="button" variant="outline" onClick={lookUp}>
              {t('propose.find')}
            </Button>
          </div>
        )}
      </Field>
      {found ? (
        <p className="rounded-lg bg-primary-50 px-3 py-2 text-sm text-primary-900" data-testid="recipient">
          {t('propose.found', {
            name: found.nome_completo,
            email: found.email,
            available: formatKreyol(found.disponivel_centis, locale),
          })}
        </p>
      ) : null}
      <KindChoice
        legend={t('propose.kind')}
        kinds={['credit', 'debit'] as const}
        label={(k) => t(`propose.${k}`)}
        value={kind}
        onChange={setKind}
        columns={2}
      />
      <AmountField texts={adjustmentsTexts} value={amount} error={problems.amount} onChange={setAmount} />
      <Field label={t('propose.reason')} hint={t('propose.reasonHint')} error={problems.reason}>
        {(control) => (
          <textarea
            {...control}
            className={cn(inputStyles, 'min-h-20 py-2')}
            maxLength={500}
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('propose.reference')} error={problems.reference}>
        {(control) => (
          <Input
            {...control}
            maxLength={100}
            value={referencia}
            onChange={(e) => setReferencia(e.target.value)}
          />
        )}
      </Field>
    </ProposeCard>
  );
}
