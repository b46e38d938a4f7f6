import { LifeBuoy, Settings } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { ScreenHeaderLink, ScreenLayout } from '@/components/layouts/screen-layout';
import { buttonStyles } from '@/components/ui/button';
import { useMe } from '@/features/profile/api/get-me';
import { ProfileDetails, ProfileSkeleton, ProfileSummary } from '@/features/profile/components/profile-card';
import { ProfileLoadState } from '@/features/profile/components/profile-load-state';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

export function ProfileRoute() {
  const { t } = useTranslation('account');
  const screens = useTranslation('screens').t;
  const session = useSession();
  useDocumentTitle(t('profile.title'));
  const me = useMe({ queryConfig: { enabled: session.status === 'signed-in' } });

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return (
    <ScreenLayout
      title={t('profile.title')}
      backTo="/home"
      backLabel={t('common.backHome')}
      action={
        <ScreenHeaderLink
          to="/settings"
          label={t('profile.settings')}
          icon={<Settings aria-hidden="true" className="size-6" />}
        />
      }
    >
      <ProfileLoadState me={me} skeleton={<ProfileSkeleton />}>
        {(profile) => (
          <>
            <ProfileSummary me={profile} />
            <ProfileDetails me={profile} />
            <div className="flex flex-col gap-3">
              <Link to="/settings" className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
                {t('profile.edit')}
              </Link>
              <Link to="/support" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
                <LifeBuoy aria-hidden="true" className="size-5" />
                {screens('support.title')}
              </Link>
              <Link to="/home" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
                {t('profile.backHome')}
              </Link>
            </div>
          </>
        )}
      </ProfileLoadState>
    </ScreenLayout>
  );
}
