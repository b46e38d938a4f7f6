import { CircleAlert } from 'lucide-react';
import { Navigate } from 'react-router';
import { ScreenLayout } from '@/components/layouts/screen-layout';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusPanel } from '@/components/ui/status-panel';
import { useIdentity } from '@/features/identity/api/get-identity';
import { LevelCard } from '@/features/identity/components/level-card';
import { ReviewCard } from '@/features/identity/components/review-card';
import { SendPhotoCard } from '@/features/identity/components/send-photo-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

/** /identity: the verification level, the document review, and a new photo when needed. */
export function IdentityRoute() {
  const { t } = useTranslation('identity');
  const session = useSession();
  useDocumentTitle(t('title'));
  const identity = useIdentity({ enabled: session.status === 'signed-in' });

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  const data = identity.data;
  // A new photo when there is none waiting and the document is not approved yet.
  const canSend =
    data && data.nivel < 2 && data.revisao?.status !== 'pendente' && data.revisao?.status !== 'aprovada';
  return (
    <ScreenLayout title={t('title')} backTo="/settings" backLabel={t('backToSettings')}>
      {data ? (
        <>
          <LevelCard nivel={data.nivel} />
          <ReviewCard revisao={data.revisao} />
          {canSend ? <SendPhotoCard /> : null}
        </>
      ) : identity.isError ? (
        <StatusPanel
          tone="error"
          icon={<CircleAlert aria-hidden="true" className="size-9" />}
          title={t('loadError')}
        >
          <Button variant="outline" size="lg" onClick={() => void identity.refetch()}>
            {t('retry')}
          </Button>
        </StatusPanel>
      ) : (
        <>
          <Skeleton className="h-44 w-full rounded-2xl" />
          <Skeleton className="h-28 w-full rounded-2xl" />
        </>
      )}
    </ScreenLayout>
  );
}
