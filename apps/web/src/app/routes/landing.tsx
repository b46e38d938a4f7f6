import { Link } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { LegalLinks } from '@/components/legal-links';
import { buttonStyles } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { CurrencyNote } from '@/features/landing/components/currency-note';
import { FeatureCarousel } from '@/features/landing/components/feature-carousel';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

export function LandingRoute() {
  const { t } = useTranslation();
  useDocumentTitle();

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="bg-primary-800 pb-14 text-white">
        <div className="mx-auto flex max-w-md items-center justify-between px-5 pt-4">
          <span
            aria-hidden="true"
            className="grid size-11 place-items-center rounded-2xl bg-accent-600 text-2xl font-bold"
          >
            ₭
          </span>
          <LanguageSwitcher tone="dark" />
        </div>
        <div className="mx-auto max-w-md px-5 pt-8">
          <h1 className="text-4xl font-extrabold tracking-tight">{t('app.name')}</h1>
          <p className="mt-2 text-lg text-primary-100">{t('landing.subtitle')}</p>
        </div>
      </header>

      <main className="mx-auto -mt-9 w-full max-w-md flex-1 px-5">
        <FeatureCarousel />

        <div className="mt-6 flex flex-col items-stretch gap-2">
          <Link to="/register" className={buttonStyles({ variant: 'primary', size: 'lg' })}>
            {t('landing.startNow')}
          </Link>
          <p className="flex flex-wrap items-center justify-center gap-x-2 text-base text-slate-700">
            <span>{t('landing.haveAccount')}</span>
            <TextLink to="/login">{t('landing.login')}</TextLink>
          </p>
        </div>

        <CurrencyNote />
      </main>

      <footer className="mx-auto w-full max-w-md px-5 pt-4 pb-6">
        <LegalLinks />
      </footer>
    </div>
  );
}
