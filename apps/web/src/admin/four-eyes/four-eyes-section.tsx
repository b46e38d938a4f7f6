import type { ReactNode } from 'react';
import { type AdminTexts, useAdminText } from '../i18n';
import { SectionHeader } from '../section-header';

/** An area under four eyes: propose on one side, the queue and recent decisions beside it. */
export function FourEyesSection({
  texts,
  form,
  lists,
}: {
  texts: AdminTexts;
  form: ReactNode;
  lists: ReactNode;
}) {
  const t = useAdminText(texts);
  return (
    <section className="flex flex-col gap-4">
      <SectionHeader title={t('title')} intro={t('intro')} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        {form}
        {/* On a phone the queue comes first: approving is what a second operator came for. */}
        <div className="order-first lg:order-none">{lists}</div>
      </div>
    </section>
  );
}
