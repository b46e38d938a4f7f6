import { ArrowLeft, Mail } from 'lucide-react';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Button, buttonStyles } from '@/components/ui/button';
import { supportEmail } from '@/config/contact';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useGoBack } from '@/hooks/use-go-back';
import { useTranslation } from '@/lib/i18n';

type LegalSection = { title: string; paragraphs: readonly string[]; items: readonly string[] };

type LegalDocumentProps = { document: 'terms' | 'privacy' };

/** A static legal text (terms of service, privacy policy) with a history-back button. */
export function LegalDocument({ document }: LegalDocumentProps) {
  const { t } = useTranslation();
  const { t: tLegal } = useTranslation('legal');
  const goBack = useGoBack('/');
  const title = t(document === 'terms' ? 'legal.termsTitle' : 'legal.privacyTitle');
  useDocumentTitle(title);

  const sections: readonly LegalSection[] = tLegal(`${document}.sections`, { returnObjects: true });
  const translationNote = tLegal('translationNote');

  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-2 px-2 py-1.5">
          <Button variant="ghost" onClick={goBack} className="px-3">
            <ArrowLeft aria-hidden="true" className="size-5" />
            {t('common.back')}
          </Button>
          <LanguageSwitcher />
        </div>
      </header>

      <main className="mx-auto max-w-2xl px-5 pt-6 pb-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">
          {t('legal.lastUpdated', { date: tLegal('lastUpdatedDate') })}
        </p>
        {translationNote ? (
          <p className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{translationNote}</p>
        ) : null}
        <p className="mt-5 text-base leading-relaxed text-slate-700">{tLegal(`${document}.intro`)}</p>

        {sections.map((section, sectionIndex) => (
          <section key={section.title} className="mt-7">
            <h2 className="text-lg font-bold text-slate-900">
              {sectionIndex + 1}. {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-2 text-base leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {section.items.length > 0 ? (
              <ul className="mt-2 list-disc space-y-2 pl-5 text-base leading-relaxed text-slate-700 marker:text-primary-600">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}

        <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-bold text-slate-900">{tLegal('contact.title')}</h2>
          <p className="mt-2 text-base leading-relaxed text-slate-700">
            {tLegal('contact.text', { supportEmail })}
          </p>
          <a
            href={`mailto:${supportEmail}`}
            className={buttonStyles({ variant: 'outline', className: 'mt-4 w-full' })}
          >
            <Mail aria-hidden="true" className="size-5" />
            {t('legal.contactEmail')}
          </a>
        </section>

        <Button variant="secondary" onClick={goBack} className="mt-8 w-full">
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('common.back')}
        </Button>
      </main>
    </div>
  );
}
