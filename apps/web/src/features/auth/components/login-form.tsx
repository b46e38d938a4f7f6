import { AppError, type LoginBody } from '@kreyolcash/domain';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { fieldErrorText } from '@/lib/error-text';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLogin } from '../api/login';
import { useResendConfirmation } from '../api/resend-confirmation';

const resolver = lazyZodResolver(() => import('./auth-schemas').then((module) => module.loginSchema));

type LoginFormProps = { onSuccess: () => void };

export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation('screens');
  const form = useForm<LoginBody>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const resend = useResendConfirmation({
    onSuccess: () => notifySuccess(t('emailConfirmation.resent')),
    onError: (error) => notifyError(error),
  });

  const login = useLogin({
    onSuccess: () => {
      notifySuccess(t('success.login_success'));
      onSuccess();
    },
    onError: (error, body) => {
      const { code, fields } = AppError.from(error);
      let shownInline = false;
      for (const [field, key] of Object.entries(fields ?? {})) {
        if (field !== 'email' && field !== 'password') continue;
        form.setError(field, { message: key });
        shownInline = true;
      }
      // A field that says what is wrong needs no toast repeating it.
      if (shownInline) return;
      // An unconfirmed account gets a way to ask for a new link right from the message.
      const action =
        code === 'email_not_confirmed'
          ? { label: t('login.resend'), onClick: () => resend.mutate({ email: body.email }) }
          : undefined;
      notifyError(error, { fallback: 'login_error', action });
    },
  });

  return (
    <form
      noValidate
      // Prerendered: tapped before the app has taken over, the form must not put what was typed in
      // the address (a GET would); the server answers a POST to a page with the page again.
      method="post"
      onSubmit={form.handleSubmit((body) => login.mutate(body))}
      className="mt-6 flex flex-col gap-5"
    >
      <Field label={t('common.email')} error={fieldErrorText(errors.email?.message)}>
        {(control) => (
          <EmailInput {...control} {...form.register('email')} placeholder={t('common.emailPlaceholder')} />
        )}
      </Field>

      <Field label={t('common.password')} error={fieldErrorText(errors.password?.message)}>
        {(control) => (
          <PasswordInput
            {...control}
            {...form.register('password')}
            autoComplete="current-password"
            showLabel={t('common.showPassword')}
            hideLabel={t('common.hidePassword')}
          />
        )}
      </Field>

      <TextLink to="/forgot-password" className="-mt-3 self-end">
        {t('login.forgot')}
      </TextLink>

      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? <Spinner /> : null}
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>

      <p className="flex flex-wrap items-center justify-center gap-x-2 text-base text-slate-700">
        <span>{t('login.noAccount')}</span>
        <TextLink to="/register">{t('login.register')}</TextLink>
      </p>
    </form>
  );
}
