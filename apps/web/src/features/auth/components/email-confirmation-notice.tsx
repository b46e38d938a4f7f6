import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { fieldErrorText } from '@/lib/error-text';
import { useTranslation } from '@/lib/i18n';
import { lazyZodSchema } from '@/lib/lazy-zod-resolver';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useResendConfirmation } from '../api/resend-confirmation';

const emailOnlySchema = lazyZodSchema(() =>
  import('./auth-schemas').then((module) => module.emailOnlySchema),
);

type EmailConfirmationNoticeProps = { email: string | undefined };

/**
 * Where the confirmation link went, with a button to send it again. Opened without the address
 * (a bookmark, another device), it asks for it.
 */
export function EmailConfirmationNotice({ email }: EmailConfirmationNoticeProps) {
  const { t } = useTranslation('screens');
  const [typedEmail, setTypedEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const resend = useResendConfirmation({
    onSuccess: () => notifySuccess(t('emailConfirmation.resent')),
    onError: (error) => notifyError(error),
  });

  async function sendAgain() {
    const parsed = (await emailOnlySchema()).safeParse({ email: email ?? typedEmail });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    resend.mutate(parsed.data);
  }

  return (
    <div className="mt-6 flex flex-col gap-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <div className="grid size-20 place-items-center rounded-full bg-primary-50 text-primary-700">
          <MailCheck aria-hidden="true" className="size-9" />
        </div>
        <p className="text-base text-slate-700">
          {email ? t('emailConfirmation.sentTo') : t('emailConfirmation.sentToYou')}
        </p>
        {email ? <p className="text-lg font-bold break-all text-slate-900">{email}</p> : null}
        <p className="text-base text-slate-700">{t('emailConfirmation.instructions')}</p>
        <p className="text-sm text-slate-600">{t('emailConfirmation.spam')}</p>
      </div>

      <div className="flex flex-col gap-3">
        {email ? null : (
          <Field label={t('common.email')} error={fieldErrorText(fieldError)}>
            {(ids) => (
              <EmailInput
                {...ids}
                value={typedEmail}
                onChange={(event) => setTypedEmail(event.target.value)}
                placeholder={t('common.emailPlaceholder')}
              />
            )}
          </Field>
        )}
        <Button variant="outline" size="lg" onClick={() => void sendAgain()} disabled={resend.isPending}>
          {resend.isPending ? <Spinner /> : null}
          {resend.isPending ? t('emailConfirmation.resending') : t('emailConfirmation.resend')}
        </Button>
        <Link to="/login" className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
          {t('common.backToLogin')}
        </Link>
      </div>
    </div>
  );
}
