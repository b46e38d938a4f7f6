import { Gauge, IdCard } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { ScreenLayout } from '@/components/layouts/screen-layout';
import { buttonStyles } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/features/profile/api/get-me';
import { FreezeCard } from '@/features/profile/components/freeze-card';
import { LanguageCard } from '@/features/profile/components/language-card';
import { PersonalInfoCard } from '@/features/profile/components/personal-info-card';
import { PhotoCard } from '@/features/profile/components/photo-card';
import { ProfileLoadState } from '@/features/profile/components/profile-load-state';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

export function SettingsRoute() {
  const { t } = useTranslation('account');
  const session = useSession();
  useDocumentTitle(t('settings.title'));
  const me = useMe({ queryConfig: { enabled: session.status === 'signed-in' } });

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return (
    <ScreenLayout title={t('settings.title')} backTo="/profile" backLabel={t('settings.backToProfile')}>
      <ProfileLoadState
        me={me}
        skeleton={
          <>
            <Skeleton className="h-44 w-full rounded-2xl" />
            <Skeleton className="h-96 w-full rounded-2xl" />
          </>
        }
      >
        {(profile) => (
          <>
            <PhotoCard me={profile} />
            <PersonalInfoCard me={profile} />
            <LanguageCard />
            <Link to="/identity" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
              <IdCard aria-hidden="true" className="size-5" />
              {t('identity:settingsLink')}
            </Link>
            <Link to="/limits" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
              <Gauge aria-hidden="true" className="size-5" />
              {t('settings.limitsLink')}
            </Link>
            <FreezeCard me={profile} />
            <Link to="/profile" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
              {t('settings.backToProfile')}
            </Link>
          </>
        )}
      </ProfileLoadState>
    </ScreenLayout>
  );
}
