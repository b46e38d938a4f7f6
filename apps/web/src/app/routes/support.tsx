import { HELP_SUBJECTS, type HelpSubject } from '@kreyolcash/domain';
import { Navigate, useSearchParams } from 'react-router';
import { ScreenLayout } from '@/components/layouts/screen-layout';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSupportChannels } from '@/features/support/api/get-channels';
import { useHelpRequests } from '@/features/support/api/help-requests';
import { HelpRequestForm } from '@/features/support/components/help-request-form';
import { HelpRequestList } from '@/features/support/components/help-request-list';
import { SupportChannels } from '@/features/support/components/support-channels';
import { useTransactions } from '@/features/wallet/api/get-transactions';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/lib/i18n';

// The movements offered in the form: the latest ones, the ones a person asks about.
const recentMovements = { limit: 20 };

function subjectOf(value: string | null): HelpSubject | undefined {
  return HELP_SUBJECTS.find((subject) => subject === value);
}

/**
 * "Sipò": how to reach support (the channels the operator configured), a help request sent from
 * the app, and the person's requests with support's answers. Reached from the profile, the frozen
 * banner and every refusal that asks the person to contact support.
 */
export function SupportRoute() {
  const { t } = useTranslation('support');
  const session = useSession();
  const [search] = useSearchParams();
  useDocumentTitle(t('title'));
  const signedIn = session.status === 'signed-in';
  const channels = useSupportChannels();
  const requests = useHelpRequests({ enabled: signedIn });
  const movements = useTransactions({ query: recentMovements, queryConfig: { enabled: signedIn } });

  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return (
    <ScreenLayout title={t('title')} backTo="/home" backLabel={t('backHome')}>
      <p className="text-base text-slate-800">{t('intro')}</p>
      {channels.data ? <SupportChannels channels={channels.data} /> : null}
      <HelpRequestForm
        initialSubject={subjectOf(search.get('assunto'))}
        initialMovementId={search.get('movimentacao') ?? undefined}
        movements={movements.data?.items ?? []}
      />
      {requests.data ? (
        <HelpRequestList requests={requests.data.pedidos} />
      ) : requests.isError ? (
        <div className="flex flex-col gap-3">
          <p className="text-base text-slate-800">{t('requests.loadError')}</p>
          <Button variant="outline" onClick={() => void requests.refetch()}>
            {t('requests.retry')}
          </Button>
        </div>
      ) : (
        <Skeleton className="h-32 w-full rounded-2xl" />
      )}
    </ScreenLayout>
  );
}
