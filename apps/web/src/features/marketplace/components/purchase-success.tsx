import { formatKreyol, type Purchase } from '@kreyolcash/domain';
import { CircleCheck, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { useTranslation } from '@/lib/i18n';
import { whatsappChatUrl } from './whatsapp-link';

/** Step 3: what was bought and paid, a chat with the seller, and the way back to the company. */
export function PurchaseSuccess({ sale, companyId }: { sale: Purchase; companyId: string }) {
  const { t } = useTranslation('marketplace');
  const chatUrl = whatsappChatUrl(
    sale.contato_whatsapp,
    t('purchase.done.whatsappMessage', { product: sale.produto_nome, quantity: sale.quantidade }),
  );
  return (
    <StatusPanel
      tone="success"
      icon={<CircleCheck aria-hidden="true" className="size-10" />}
      title={t('purchase.done.title')}
    >
      <dl className="flex flex-col divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4 text-left">
        <div className="flex items-start justify-between gap-3 py-3">
          <dt className="text-base text-slate-600">{t('purchase.done.product')}</dt>
          <dd className="text-right text-base font-semibold break-words text-slate-900">
            {sale.produto_nome}
          </dd>
        </div>
        <div className="flex items-center justify-between gap-3 py-3">
          <dt className="text-base text-slate-600">{t('purchase.done.quantity')}</dt>
          <dd className="text-base font-semibold text-slate-900 tabular-nums">{sale.quantidade}</dd>
        </div>
        <div className="flex items-center justify-between gap-3 py-3">
          <dt className="text-base text-slate-600">{t('purchase.done.totalPaid')}</dt>
          <dd className="text-xl font-extrabold text-slate-900 tabular-nums" data-testid="paid-total">
            {formatKreyol(sale.total_centis)}
          </dd>
        </div>
      </dl>
      <a
        href={chatUrl}
        target="_blank"
        rel="noopener noreferrer"
        // WhatsApp's green, in the shape of the app's large buttons.
        className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-emerald-700 px-4 py-2 text-center text-base leading-snug font-semibold text-white select-none hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        {t('purchase.done.whatsapp')}
      </a>
      <Link to={`/company/${companyId}`} className={buttonStyles({ variant: 'outline', size: 'lg' })}>
        {t('purchase.done.backToCompany')}
      </Link>
    </StatusPanel>
  );
}
