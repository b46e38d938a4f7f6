import { Navigate } from 'react-router';
import { ScreenLayout } from '@/components/layouts/screen-layout';
import { useMe } from '@/features/profile/api/get-me';
import { useReferrals } from '@/features/referrals/api/get-referrals';
import { ReferralBonus } from '@/features/referrals/components/referral-bonus';
import { ReferralForm } from '@/features/referrals/components/referral-form';
import { ReferralLinkCard } from '@/features/referrals/components/referral-link-card';
import { ReferralList } from '@/features/referrals/components/referral-list';
import { FrozenNotice } from '@/features/support/components/frozen-notice';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

export function ReferralsRoute() {
  const { t } = useTranslation('account');
  const session = useSession();
  useDocumentTitle(t('referrals.title'));
  const referrals = useReferrals({ enabled: session.status === 'signed-in' });
  const me = useMe({ queryConfig: { enabled: session.status === 'signed-in' } });

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  const firstPage = referrals.data?.pages[0];
  return (
    <ScreenLayout title={t('referrals.title')} backTo="/home" backLabel={t('common.backHome')}>
      <ReferralBonus
        thisMonth={
          firstPage ? { paid: firstPage.bonus_pagos_mes, cap: firstPage.bonus_limite_mes } : undefined
        }
      />
      {/* An invitation goes out in the person's name: a frozen account sends none (account_frozen),
          and is not offered its link to share either. Nothing is offered until the freeze is known. */}
      {me.isPending ? null : me.data?.congelado ? (
        <FrozenNotice body={t('referrals.frozen')} />
      ) : (
        <>
          <ReferralLinkCard link={firstPage?.link} code={firstPage?.codigo_indicacao} />
          <ReferralForm />
        </>
      )}
      <ReferralList referrals={referrals} />
    </ScreenLayout>
  );
}
