import type { AdminSession } from '@kreyolcash/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { AdminApiError, adminFetch } from './api';
import { useAdminText } from './i18n';

// Password and the authenticator app's current code, at every sign-in.
export function SignInForm() {
  const t = useAdminText();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [senha, setSenha] = useState('');
  const [codigo, setCodigo] = useState('');
  const [isIncomplete, setIncomplete] = useState(false);
  const signIn = useMutation({
    mutationFn: () =>
      adminFetch<AdminSession>('/session', { method: 'POST', body: { email, senha, codigo } }),
    onSuccess: ({ operador }) => client.setQueryData(['admin', 'session'], operador),
    onError: () => setCodigo(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A blank field is said here, without a try the server would count against the address.
    const incomplete = email.trim() === '' || senha === '' || codigo.length !== 6;
    setIncomplete(incomplete);
    if (incomplete) return;
    signIn.mutate();
  };
  const error = signIn.error;
  // A malformed e-mail gets the same answer as a wrong one; only a lost connection and too many
  // tries say something else.
  const errorText =
    error instanceof AdminApiError && (error.code === 'network_error' || error.code === 'rate_limited')
      ? t(`error.${error.code}`)
      : t('signin.invalid');
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4">
      <Card className="w-full max-w-sm">
        <h1 className="mb-4 text-xl font-bold text-primary-800">{t('signin.title')}</h1>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <Field label={t('signin.email')}>
            {(c) => (
              <Input
                {...c}
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => {
                  setIncomplete(false);
                  setEmail(e.target.value);
                }}
              />
            )}
          </Field>
          <Field label={t('signin.password')}>
            {(c) => (
              <Input
                {...c}
                type="password"
                autoComplete="current-password"
                value={senha}
                onChange={(e) => {
                  setIncomplete(false);
                  setSenha(e.target.value);
                }}
              />
            )}
          </Field>
          <Field label={t('signin.code')}>
            {(c) => (
              <Input
                {...c}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={codigo}
                onChange={(e) => {
                  setIncomplete(false);
                  setCodigo(e.target.value.replace(/\D/g, ''));
                }}
              />
            )}
          </Field>
          {isIncomplete || error ? (
            <p role="alert" className="text-sm font-medium text-accent-700">
              {isIncomplete ? t('signin.incomplete') : errorText}
            </p>
          ) : null}
          <Button type="submit" disabled={signIn.isPending}>
            {t('signin.submit')}
          </Button>
        </form>
      </Card>
    </main>
  );
}
