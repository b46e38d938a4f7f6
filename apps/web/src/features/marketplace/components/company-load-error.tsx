import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

/** The company's page or its create-service screen could not load the company: say so, and retry. */
export function CompanyLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('marketplace');
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-center">
      <p className="text-base text-slate-700">{t('errors.error_loading_company')}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
