import { formatKreyol, REFERRAL_BONUS_CENTIS, REFERRAL_BONUSES_PER_MONTH } from '@kreyolcash/domain';
import { Gift } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';

type ReferralBonusProps = {
  /** This calendar month's bonuses so far and the cap, once the referrals have loaded. */
  thisMonth?: { paid: number; cap: number } | undefined;
};

/**
 * What inviting earns and when (issues 7 and 15): once per new person, never for oneself, once
 * the friend has proven the phone and confirmed the e-mail, up to a number of bonuses a month.
 */
export function ReferralBonus({ thisMonth }: ReferralBonusProps) {
  const { t } = useTranslation('account');
  const amount = formatKreyol(REFERRAL_BONUS_CENTIS);
  const cap = thisMonth?.cap ?? REFERRAL_BONUSES_PER_MONTH;
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl bg-primary-800 p-5 text-white"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-600">
          <Gift aria-hidden="true" className="size-6" />
        </span>
        <h2 id={titleId} className="text-xl leading-tight font-bold">
          {t('referrals.bonus.title', { amount })}
        </h2>
      </div>
      <p className="text-base text-white/90">{t('referrals.bonus.body', { amount })}</p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-white/85">
        <li>{t('referrals.bonus.once')}</li>
        <li>{t('referrals.bonus.never')}</li>
        <li>{t('referrals.bonus.monthlyCap', { cap })}</li>
      </ul>
      {thisMonth ? (
        <p className="self-start rounded-full bg-white/15 px-3 py-1 text-sm font-semibold tabular-nums">
          {t('referrals.bonus.thisMonth', { paid: thisMonth.paid, cap: thisMonth.cap })}
        </p>
      ) : null}
    </section>
  );
}
