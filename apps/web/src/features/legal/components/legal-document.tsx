import { ArrowLeft, Mail } from 'lucide-react';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Button, buttonStyles } from '@/components/ui/button';
import { supportEmail } from '@/config/contact';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useGoBack } from '@/hooks/use-go-back';
import { cn } from '@/lib/cn';
import { type AgentsSetting, settingClass } from '@/lib/features';
import { useTranslation } from '@/lib/i18n';
import { type LegalSection, numberedSections, partsOf } from '../legal-texts';

type LegalDocumentProps = { document: 'terms' | 'privacy' };

/** A static legal text (terms of service, privacy policy) with a history-back button. */
export function LegalDocument({ document }: LegalDocumentProps) {
  const { t } = useTranslation();
  const { t: tLegal } = useTranslation('legal');
  const goBack = useGoBack('/');
  const title = t(document === 'terms' ? 'legal.termsTitle' : 'legal.privacyTitle');
  useDocumentTitle(title);

  const written: readonly LegalSection[] = tLegal(`${document}.sections`, { returnObjects: true });
  const sections = numberedSections(written);
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

        {sections.map((section) => (
          <section key={section.title} className={cn('mt-7', section.when && settingClass[section.when])}>
            <h2 className="text-lg font-bold text-slate-900">
              <SectionNumber numbers={section.numbers} when={section.when} /> {section.title}
            </h2>
            {section.paragraphs.map(partsOf).map(({ text, when }) => (
              <p
                key={text}
                className={cn('mt-2 text-base leading-relaxed text-slate-700', when && settingClass[when])}
              >
                {text}
              </p>
            ))}
            {section.items.length > 0 ? (
              <ul className="mt-2 list-disc space-y-2 pl-5 text-base leading-relaxed text-slate-700 marker:text-primary-600">
                {section.items.map(partsOf).map(({ text, when }) => (
                  <li key={text} className={when && settingClass[when]}>
                    {text}
                  </li>
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

/** "3." — or, when the sections of one setting put it elsewhere in the other, both numbers. */
function SectionNumber({ numbers, when }: { numbers: Record<AgentsSetting, number>; when?: AgentsSetting }) {
  if (when) return <>{numbers[when]}.</>;
  if (numbers.agents === numbers.noAgents) return <>{numbers.agents}.</>;
  return (
    <>
      <span className={settingClass.agents}>{numbers.agents}.</span>
      <span className={settingClass.noAgents}>{numbers.noAgents}.</span>
    </>
  );
}
