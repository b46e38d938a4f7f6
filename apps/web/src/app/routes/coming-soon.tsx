import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '@/components/layouts/message-page';
import { buttonStyles } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Stands in for every screen of the route table that is not built yet. */
export function ComingSoonRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('comingSoon.title'));
  return (
    <MessagePage
      icon={<Hourglass aria-hidden="true" className="size-9" />}
      title={t('comingSoon.title')}
      body={t('comingSoon.body')}
    >
      <Link to="/" className={buttonStyles({ variant: 'secondary' })}>
        {t('common.backHome')}
      </Link>
    </MessagePage>
  );
}
