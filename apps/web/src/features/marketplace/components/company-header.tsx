import type { Company } from '@kreyolcash/domain';
import { Mail, Phone } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { CategoryChip } from './category-chip';
import { useCategoryLabels } from './use-category-labels';

/** What the company is and how to reach it; the name is the screen's title. */
export function CompanyHeader({ company }: { company: Company | undefined }) {
  const { t } = useTranslation('marketplace');
  const labels = useCategoryLabels();
  if (!company) {
    return (
      <section
        aria-hidden="true"
        className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <Skeleton className="h-5 w-28 rounded-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </section>
    );
  }
  return (
    <section className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div>
        <CategoryChip label={labels.company(company.categoria)} />
      </div>
      <p className="text-base break-words whitespace-pre-line text-slate-700">{company.descricao}</p>
      {company.telefone || company.email ? (
        <ul className="flex flex-col">
          {company.telefone ? (
            <li>
              <a
                href={`tel:${company.telefone}`}
                className="inline-flex min-h-11 items-center gap-2 text-base font-medium text-primary-700"
              >
                <Phone aria-hidden="true" className="size-5" />
                <span className="sr-only">{t('common.phone')}: </span>
                {company.telefone}
              </a>
            </li>
          ) : null}
          {company.email ? (
            <li>
              <a
                href={`mailto:${company.email}`}
                className="inline-flex min-h-11 items-center gap-2 text-base font-medium break-all text-primary-700"
              >
                <Mail aria-hidden="true" className="size-5 shrink-0" />
                <span className="sr-only">{t('common.email')}: </span>
                {company.email}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
