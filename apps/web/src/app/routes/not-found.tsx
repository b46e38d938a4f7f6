import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { MessagePage } from '@/components/layouts/message-page';
import { buttonStyles } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

export function NotFoundRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentTitle(t('notFound.title'));

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <MessagePage
      icon={<span className="text-2xl font-extrabold">404</span>}
      // The spec's English sentence is the English locale's; every other language has its own.
      title={t('notFound.title')}
      body={t('notFound.body')}
    >
      <Link to="/" className={buttonStyles({ variant: 'secondary' })}>
        {t('common.backHome')}
      </Link>
    </MessagePage>
  );
}
