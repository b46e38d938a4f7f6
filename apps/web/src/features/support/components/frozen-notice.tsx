import { Lock } from 'lucide-react';
import { SupportLink } from '@/components/ui/support-link';
import { useTranslation } from '@/lib/i18n';

/**
 * A frozen account says so where money would leave it, or where it would act in the person's name
 * (`body` then says what it cannot do) — before the person types anything — and points to support,
 * the only one who can unfreeze it. Home shows it too, as its banner (`testId`).
 */
export function FrozenNotice({
  headingLevel = 2,
  testId = 'frozen-notice',
  body,
}: {
  headingLevel?: 1 | 2;
  testId?: string;
  body?: string;
}) {
  const { t } = useTranslation('screens');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      role="status"
      aria-labelledby="frozen-notice-title"
      data-testid={testId}
      className="flex items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-4"
    >
      <Lock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-red-700" />
      <div className="flex min-w-0 flex-col gap-1">
        <Heading id="frozen-notice-title" className="text-lg font-bold text-red-900">
          {t('home.frozen.title')}
        </Heading>
        <p className="text-base text-red-900">{body ?? t('home.frozen.body')}</p>
        <SupportLink label={t('support.contact')} subject="conta_congelada" className="text-red-900" />
      </div>
    </section>
  );
}
