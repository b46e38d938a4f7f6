import type { AdminRecipient } from '@kreyolcash/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, inputStyles } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { AdminApiError, errorCodeOf } from '../api';
import { formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { centisOf, findRecipient, usePropose } from './adjustments-api';
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
  const failure = errorCodeOf(propose.error);

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
    const centis = centisOf(amount);
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
    <Card className="p-4">
      <h2 className="mb-3 text-lg font-bold text-slate-900">{t('propose.title')}</h2>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="propose-form">
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
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-base font-semibold text-slate-800">{t('propose.kind')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(['credit', 'debit'] as const).map((k) => (
              <label
                key={k}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 text-sm font-semibold',
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
