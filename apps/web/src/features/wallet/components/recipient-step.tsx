import { AppError } from '@kreyolcash/domain';
import { Search } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { type Recipient, useLookupUser } from '../api/lookup-user';
import { RecipientAvatar } from './recipient-avatar';
import { StepHeading } from './step-heading';
import type { RecipientFormValues } from './transfer-schemas';
import { notifyWalletError, walletFieldText } from './wallet-errors';

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

/** Step 1: the recipient by e-mail, then their name and photo to confirm it is the right person. */
export function RecipientStep({ recipient, ownEmail, onFound, onConfirm }: RecipientStepProps) {
  const { t } = useTranslation('wallet');
  if (recipient) {
    return (
      <section className="flex flex-col gap-5">
        <StepHeading>{t('transfer.recipient.confirmTitle')}</StepHeading>
        <Card className="flex items-center gap-4" data-testid="recipient-card">
          <RecipientAvatar name={recipient.nome_completo} photoUrl={recipient.profile_photo_url} />
          <div className="min-w-0">
            <p className="truncate text-lg font-bold text-slate-900">{recipient.nome_completo}</p>
            <p className="truncate text-base text-slate-600">{recipient.email}</p>
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
  return <RecipientSearch ownEmail={ownEmail} onFound={onFound} />;
}

const sameEmail = (a: string, b: string | undefined) =>
  b !== undefined && a.trim().toLowerCase() === b.toLowerCase();

function RecipientSearch({
  ownEmail,
  onFound,
}: {
  ownEmail: string | undefined;
  onFound: (recipient: Recipient) => void;
}) {
  const { t } = useTranslation('wallet');
  const form = useForm<RecipientFormValues>({
    resolver,
    defaultValues: { email: '' },
  });
  const lookup = useLookupUser({
    onSuccess: onFound,
    onError: (error) => {
      // The field says it (the server's 422 for one's own address): no toast on top of it.
      if (AppError.from(error).code === 'self_transfer') form.setError('email', { message: 'self_transfer' });
      else notifyWalletError(error, 'search_user_error');
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      // A field that does not validate says why under itself; no toast repeats it.
      onSubmit={form.handleSubmit(({ email }) => {
        if (sameEmail(email, ownEmail)) form.setError('email', { message: 'self_transfer' });
        else lookup.mutate(email);
      })}
    >
      <StepHeading>{t('transfer.recipient.title')}</StepHeading>
      <Field
        label={t('transfer.recipient.email')}
        hint={t('transfer.recipient.hint')}
        error={walletFieldText(form.formState.errors.email?.message)}
      >
        {(control) => <EmailInput {...control} {...form.register('email')} placeholder="non@egzanp.com" />}
      </Field>
      <Button type="submit" size="lg" disabled={lookup.isPending}>
        {lookup.isPending ? <Spinner /> : <Search aria-hidden="true" className="size-5" />}
        {lookup.isPending ? t('transfer.recipient.searching') : t('transfer.recipient.search')}
      </Button>
    </form>
  );
}
