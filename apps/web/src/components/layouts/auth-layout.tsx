import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { LegalLinks } from '@/components/legal-links';
import { useTranslation } from '@/lib/i18n';

type AuthLayoutProps = {
  title?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
};

/** The frame of the screens before the wallet: login, sign-up, password and e-mail links. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const { t } = useTranslation('screens');
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="bg-primary-800 text-white">
        <div className="mx-auto flex max-w-md items-center justify-between gap-3 px-4 py-2">
          <Link
            to="/"
            aria-label={t('common.brandHome')}
            className="flex min-h-11 items-center gap-2 rounded-xl pr-2 text-lg font-bold tracking-tight"
          >
            <span
              aria-hidden="true"
              className="grid size-9 place-items-center rounded-xl bg-accent-600 text-xl"
            >
              ₭
            </span>
            KreyolCash
          </Link>
          <LanguageSwitcher tone="dark" />
        </div>
      </header>

      <main className="mx-auto w-full max-w-md flex-1 px-5 pt-6 pb-6">
        {title ? <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1> : null}
        {subtitle ? <p className="mt-1.5 text-base text-slate-600">{subtitle}</p> : null}
        {children}
      </main>

      <footer className="mx-auto w-full max-w-md px-5 pb-4">
        <LegalLinks />
      </footer>
    </div>
  );
}
