import { PackageX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { useTranslation } from '@/lib/i18n';

/** Nothing left to take (sold, or held by purchases waiting for their code): no form to fill. */
export function SoldOut({ productName, companyId }: { productName: string; companyId: string }) {
  const { t } = useTranslation('marketplace');
  return (
    <StatusPanel
      tone="info"
      icon={<PackageX aria-hidden="true" className="size-9" />}
      title={t('purchase.soldOutTitle')}
      body={t('purchase.soldOutBody', { product: productName })}
    >
      <Link to={`/company/${companyId}`} className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
        {t('purchase.done.backToCompany')}
      </Link>
    </StatusPanel>
  );
}

/** Where a product's buy button would be, when none of it is left to buy. */
export function SoldOutBadge() {
  const { t } = useTranslation('marketplace');
  return (
    <span className="shrink-0 rounded-full border border-slate-300 px-3 py-1 text-sm font-semibold text-slate-700">
      {t('company.soldOut')}
    </span>
  );
}
