import { AppError, type EmailOnlyBody } from '@kreyolcash/domain';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { fieldErrorText } from '@/lib/error-text';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError } from '@/lib/notify';
import { useRequestPasswordReset } from '../api/forgot-password';

const resolver = lazyZodResolver(() => import('./auth-schemas').then((module) => module.emailOnlySchema));

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('screens');
  const form = useForm<EmailOnlyBody>({
    resolver,
    defaultValues: { email: '' },
  });
  const request = useRequestPasswordReset({
    onError: (error) =>
      notifyError(error, {
        fallbackText:
          AppError.from(error).code === 'unexpected_error'
            ? t('forgotPassword.errors.unexpected')
            : t('forgotPassword.errors.send'),
      }),
  });

  if (request.isSuccess) {
    return (
      <StatusPanel
        tone="success"
        icon={<MailCheck aria-hidden="true" className="size-10" />}
        title={t('forgotPassword.successTitle')}
        body={t('forgotPassword.successBody', { email: request.variables.email })}
      >
        <Link to="/login" className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
          {t('forgotPassword.backToLogin')}
        </Link>
      </StatusPanel>
    );
  }

  const key = form.formState.errors.email?.message;
  const emailError =
    key === 'email_required' || key === 'email_invalid'
      ? t(`forgotPassword.errors.${key}`)
      : fieldErrorText(key);
  return (
    <form
      noValidate
      // Prerendered: tapped before the app has taken over, the form must not put what was typed in
      // the address (a GET would); the server answers a POST to a page with the page again.
      method="post"
      onSubmit={form.handleSubmit((body) => request.mutate(body))}
      className="mt-6 flex flex-col gap-5"
    >
      <Field label={t('forgotPassword.email')} error={emailError}>
        {(ids) => (
          <EmailInput
            {...ids}
            {...form.register('email')}
            placeholder={t('forgotPassword.emailPlaceholder')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? <Spinner /> : null}
        {request.isPending ? t('forgotPassword.submitting') : t('forgotPassword.submit')}
      </Button>
      <Link to="/login" className={buttonStyles({ variant: 'ghost', className: 'self-center' })}>
        {t('forgotPassword.backToLogin')}
      </Link>
    </form>
  );
}
