import { RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useOutboxMessages } from '@/features/dev-outbox/api/get-outbox-messages';
import { useRetryFailedMessages } from '@/features/dev-outbox/api/retry-failed-messages';
import { OutboxMessageCard } from '@/features/dev-outbox/components/outbox-message-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';

/** Development only: the WhatsApp messages and e-mails the app sent, to read codes and links. */
export function DevOutboxRoute() {
  const { t } = useTranslation('screens');
  useDocumentTitle(t('outbox.title'));
  const messages = useOutboxMessages();
  const retry = useRetryFailedMessages({
    onSuccess: (requeued) => notifySuccess(t('outbox.retried', { count: requeued })),
  });
  const items = messages.data?.items;
  const hasFailed = items?.some((message) => message.status === 'failed') ?? false;

  return (
    <div className="min-h-dvh">
      <header className="bg-primary-800 text-white">
        <div className="mx-auto flex max-w-2xl items-center gap-3 px-4 py-2">
          <Link to="/" className="flex min-h-11 items-center text-lg font-bold">
            KreyolCash
          </Link>
          <span className="rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-bold text-amber-950">
            {t('outbox.badge')}
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 pt-5 pb-10">
        <h1 className="text-2xl font-bold text-slate-900">{t('outbox.title')}</h1>
        <p className="mt-1 text-base text-slate-700">{t('outbox.intro')}</p>
        <p className="mt-1 text-sm text-slate-500">{t('outbox.autoRefresh')}</p>
        <Button
          variant="outline"
          className="mt-4"
          disabled={!hasFailed || retry.isPending}
          onClick={() => retry.mutate(undefined, { onError: (error) => notifyError(error) })}
        >
          <RefreshCw aria-hidden="true" className="size-5" />
          {t('outbox.retryFailed')}
        </Button>

        <div className="mt-5">
          {items === undefined ? (
            messages.isError ? (
              <p className="text-base text-accent-700">{t('outbox.loadError')}</p>
            ) : (
              <div className="flex flex-col gap-3">
                <Skeleton className="h-36" />
                <Skeleton className="h-36" />
              </div>
            )
          ) : items.length === 0 ? (
            <p className="text-base text-slate-600">{t('outbox.empty')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {items.map((message) => (
                <li key={message.id}>
                  <OutboxMessageCard message={message} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </main>
    </div>
  );
}
