import { Link } from 'react-router';
import { MessagePage } from '@/components/layouts/message-page';
import { Button, buttonStyles } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

/**
 * Shown when a screen fails to load or render — most often a chunk that could not be fetched over
 * a bad connection, which a reload fixes.
 */
export function RouteErrorRoute() {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('routeError.title')} body={t('routeError.body')}>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('routeError.retry')}
      </Button>
      <Link to="/" className={buttonStyles({ variant: 'outline' })}>
        {t('common.backHome')}
      </Link>
    </MessagePage>
  );
}
