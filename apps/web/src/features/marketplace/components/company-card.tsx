import type { Company } from '@kreyolcash/domain';
import { Plus, Store } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { CategoryChip } from './category-chip';
import { useCategoryLabels } from './use-category-labels';

/** One company of the list: the card opens its page; its owner also gets "Kreye sèvis". */
export function CompanyCard({ company }: { company: Company }) {
  const { t } = useTranslation('marketplace');
  const labels = useCategoryLabels();
  return (
    <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <Link
        to={`/company/${company.id}`}
        className="flex gap-3 p-4 hover:bg-slate-50 focus-visible:outline-offset-[-2px]"
      >
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary-50 text-primary-700">
          <Store aria-hidden="true" className="size-6" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex items-start justify-between gap-2">
            <span className="text-lg leading-snug font-bold break-words text-slate-900">{company.nome}</span>
            {company.is_owner ? (
              <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
                {t('companies.yours')}
              </span>
            ) : null}
          </span>
          <span>
            <CategoryChip label={labels.company(company.categoria)} />
          </span>
          <span className="line-clamp-3 text-base break-words text-slate-700">{company.descricao}</span>
          <span className="text-sm text-slate-500">
            {t('companies.services', { count: company.product_count })}
          </span>
        </span>
      </Link>
      {company.is_owner ? (
        <div className="border-t border-slate-100 px-4 py-3">
          <Link
            to={`/create-service/${company.id}`}
            className={buttonStyles({ variant: 'outline', className: 'w-full' })}
          >
            <Plus aria-hidden="true" className="size-5" />
            {t('companies.createService')}
          </Link>
        </div>
      ) : null}
    </article>
  );
}
