import { useAdminText } from '../i18n';
import { ProposalLists } from './proposal-lists';
import { ProposeForm } from './propose-form';
import { adjustmentsTexts } from './texts';

/** Adjustments with two approvals: propose on one side, the queue and recent decisions beside it. */
export default function AdjustmentsSection() {
  const t = useAdminText(adjustmentsTexts);
  return (
    <section className="flex flex-col gap-4">
      <header>
        <h1 className="text-xl font-bold text-slate-900">{t('title')}</h1>
        <p className="text-sm text-slate-600">{t('intro')}</p>
      </header>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <ProposeForm />
        {/* On a phone the queue comes first: approving is what a second operator came for. */}
        <div className="order-first lg:order-none">
          <ProposalLists />
        </div>
      </div>
    </section>
  );
}
