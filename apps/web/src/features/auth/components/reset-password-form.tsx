import {
  AppError,
  RESET_REDIRECT_DELAY_MS,
  type ResetPasswordForm as ResetPasswordValues,
} from '@kreyolcash/domain';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { fieldErrorText } from '@/lib/error-text';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';

export type ResetTokens = { accessToken: string; refreshToken: string };

// Keys with the page's own (Portuguese, spec §5) sentence.
const OWN_TEXTS = new Set([
  'password_required',
  'password_min_length',
  'password_max_length',
  'password_too_common',
  'confirm_password_required',
  'passwords_dont_match',
]);

const resolver = lazyZodResolver(() =>
  import('./auth-schemas').then((module) => module.resetPasswordFormSchema),
);

type ResetPasswordFormProps = { tokens: ResetTokens; onDone: () => void };

/** Sets a new password with the link's tokens; on success, goes to the login after 3 seconds. */
export function ResetPasswordForm({ tokens, onDone }: ResetPasswordFormProps) {
  const { t } = useTranslation('screens');
  const form = useForm<ResetPasswordValues>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useResetPassword({
    onError: (error) => {
      const { code, fields } = AppError.from(error);
      // A field that says what is wrong needs no toast repeating it.
      if (fields?.password) return form.setError('password', { message: fields.password });
      if (code === 'invalid_reset_link') return;
      notifyError(error, {
        fallbackText:
          code === 'unexpected_error'
            ? t('resetPassword.errors.unexpected')
            : t('resetPassword.errors.failed'),
      });
    },
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(onDone, RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, onDone]);

  if (reset.isSuccess) {
    return (
      <StatusPanel
        tone="success"
        icon={<CircleCheck aria-hidden="true" className="size-10" />}
        title={t('resetPassword.successTitle')}
        body={t('resetPassword.successBody')}
      >
        <Link to="/login" replace className={buttonStyles({ variant: 'primary', size: 'lg' })}>
          {t('resetPassword.login')}
        </Link>
      </StatusPanel>
    );
  }
  if (reset.isError && AppError.from(reset.error).code === 'invalid_reset_link') {
    return <InvalidResetLink />;
  }

  const text = (key: string | undefined) =>
    key && OWN_TEXTS.has(key) ? t(`resetPassword.errors.${key as 'password_required'}`) : fieldErrorText(key);
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ password }) =>
        reset.mutate({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken, password }),
      )}
      className="mt-6 flex flex-col gap-5"
    >
      <Field label={t('resetPassword.password')} error={text(errors.password?.message)}>
        {(ids) => (
          <PasswordInput
            {...ids}
            {...form.register('password')}
            autoComplete="new-password"
            showLabel={t('resetPassword.showPassword')}
            hideLabel={t('resetPassword.hidePassword')}
          />
        )}
      </Field>
      <Field label={t('resetPassword.confirmPassword')} error={text(errors.confirmPassword?.message)}>
        {(ids) => (
          <PasswordInput
            {...ids}
            {...form.register('confirmPassword')}
            autoComplete="new-password"
            showLabel={t('resetPassword.showPassword')}
            hideLabel={t('resetPassword.hidePassword')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? <Spinner /> : null}
        {reset.isPending ? t('resetPassword.submitting') : t('resetPassword.submit')}
      </Button>
      <Link to="/login" className={buttonStyles({ variant: 'ghost', className: 'self-center' })}>
        {t('resetPassword.backToLogin')}
      </Link>
    </form>
  );
}

/** 'Link inválido': the link was used, expired, or replaced by a newer one. */
export function InvalidResetLink() {
  const { t } = useTranslation('screens');
  return (
    <StatusPanel
      tone="error"
      icon={<CircleX aria-hidden="true" className="size-10" />}
      title={t('resetPassword.invalidTitle')}
      body={t('resetPassword.invalidBody')}
    >
      <Link to="/forgot-password" className={buttonStyles({ variant: 'primary', size: 'lg' })}>
        {t('resetPassword.requestNew')}
      </Link>
    </StatusPanel>
  );
}
