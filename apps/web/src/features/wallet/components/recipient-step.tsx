import { AppError } from '@kreyolcash/domain';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { StepHeading } from '@/components/ui/step-heading';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useRecentPayees } from '../api/get-recent-payees';
import { contactOf, type Recipient, useLookupUser } from '../api/lookup-user';
import { RecipientAvatar } from './recipient-avatar';
import type { RecipientFormData, RecipientFormValues } from './transfer-schemas';
import { walletFieldText, walletRefusalOf } from './wallet-errors';

const resolver = lazyZodResolver(() =>
  import('./transfer-schemas').then((module) => module.recipientFormSchema),
);

type RecipientStepProps = {
  recipient: Recipient | null;
  /** The payer's own e-mail: nobody to send to (self_transfer), said before asking the server. */
  ownEmail: string | undefined;
  onFound: (recipient: Recipient | null) => void;
  onConfirm: () => void;
};

/** Step 1: the recipient by phone or e-mail (or a recent payee), then their name and photo to
 * confirm it is the right person before any amount. */
export function RecipientStep({ recipient, ownEmail, onFound, onConfirm }: RecipientStepProps) {
  const { t } = useTranslation('wallet');
  if (recipient) {
    return (
      <section className="flex flex-col gap-5">
        <StepHeading>{t('transfer.recipient.confirmTitle')}</StepHeading>
        <Card className="flex items-center gap-4" data-testid="recipient-card">
          <RecipientAvatar name={recipient.nome_completo} photoUrl={recipient.profile_photo_url} />
          <div className="min-w-0">
            <p className="text-lg font-bold break-words text-slate-900">{recipient.nome_completo}</p>
            <p className="text-base break-words text-slate-600">{contactOf(recipient)}</p>
          </div>
        </Card>
        <Button size="lg" onClick={onConfirm}>
          {t('transfer.recipient.confirm')}
        </Button>
        <Button variant="outline" size="lg" onClick={() => onFound(null)}>
          {t('transfer.recipient.change')}
        </Button>
      </section>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <RecipientSearch ownEmail={ownEmail} onFound={onFound} />
      <RecentPayees onPick={onFound} />
    </div>
  );
}

/** The people last paid: a tap picks one, and the confirmation card still shows name and photo. */
function RecentPayees({ onPick }: { onPick: (recipient: Recipient) => void }) {
  const { t } = useTranslation('wallet');
  const recent = useRecentPayees();
  if (!recent.data?.length) return null;
  return (
    <section aria-labelledby="recent-payees" className="flex flex-col gap-2">
      <h3 id="recent-payees" className="text-base font-bold text-slate-700">
        {t('transfer.recipient.recent')}
      </h3>
      <ul className="flex flex-col gap-2">
        {recent.data.map((payee) => (
          <li key={payee.destinatario_id}>
            <button
              type="button"
              className="flex min-h-14 w-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-primary-600"
              onClick={() =>
                onPick({
                  id: payee.destinatario_id,
                  nome_completo: payee.nome_completo,
                  email: null,
                  contato: payee.contato,
                  profile_photo_url: payee.profile_photo_url,
                })
              }
            >
              <RecipientAvatar name={payee.nome_completo} photoUrl={payee.profile_photo_url} size="md" />
              <span className="min-w-0">
                <span className="block text-base font-bold break-words text-slate-900">
                  {payee.nome_completo}
                </span>
                <span className="block text-sm break-words text-slate-600">{payee.contato}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const sameEmail = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a === b.toLowerCase();

function RecipientSearch({
  ownEmail,
  onFound,
}: {
  ownEmail: string | undefined;
  onFound: (recipient: Recipient) => void;
}) {
  const { t } = useTranslation('wallet');
  const form = useForm<RecipientFormValues, unknown, RecipientFormData>({
    resolver,
    defaultValues: { destinatario: '' },
  });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const lookup = useLookupUser({
    onSuccess: onFound,
    onError: (error) => {
      // The field says it (the server's 422 for one's own address): no toast on top of it.
      const code = AppError.from(error).code;
      if (code === 'self_transfer' || code === 'lookup_limit_reached')
        form.setError('destinatario', { message: code });
      else setRefusal(walletRefusalOf(error, 'search_user_error'));
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      // A field that does not validate says why under itself; no toast repeats it.
      onSubmit={form.handleSubmit(({ destinatario }) => {
        setRefusal(null);
        if ('email' in destinatario && sameEmail(destinatario.email, ownEmail))
          form.setError('destinatario', { message: 'self_transfer' });
        else lookup.mutate(destinatario);
      })}
    >
      <StepHeading>{t('transfer.recipient.title')}</StepHeading>
      <Field
        label={t('transfer.recipient.email')}
        hint={t('transfer.recipient.hint')}
        error={walletFieldText(form.formState.errors.destinatario?.message)}
      >
        {(control) => (
          // A phone or an e-mail: plain text, no capital first letter, nothing the browser fills.
          <Input
            {...control}
            {...form.register('destinatario', { onChange: () => setRefusal(null) })}
            autoComplete="off"
            autoCapitalize="none"
            placeholder="3712 3456 / non@egzanp.com"
          />
        )}
      </Field>
      <StepRefusal refusal={refusal} />
      <Button type="submit" size="lg" disabled={lookup.isPending}>
        {lookup.isPending ? <Spinner /> : <Search aria-hidden="true" className="size-5" />}
        {lookup.isPending ? t('transfer.recipient.searching') : t('transfer.recipient.search')}
      </Button>
    </form>
  );
}
