import { formatKreyol, REFERRAL_BONUS_CENTIS } from '@kreyolcash/domain';
import { Gift } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';

/** What inviting earns and when (issue 7: once per new person, never for oneself). */
export function ReferralBonus() {
  const { t } = useTranslation('account');
  const amount = formatKreyol(REFERRAL_BONUS_CENTIS);
  return (
    <section className="flex flex-col gap-3 rounded-2xl bg-primary-800 p-5 text-white">
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-600">
          <Gift aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-xl leading-tight font-bold">{t('referrals.bonus.title', { amount })}</h2>
      </div>
      <p className="text-base text-white/90">{t('referrals.bonus.body', { amount })}</p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-white/85">
        <li>{t('referrals.bonus.once')}</li>
        <li>{t('referrals.bonus.never')}</li>
      </ul>
    </section>
  );
}
