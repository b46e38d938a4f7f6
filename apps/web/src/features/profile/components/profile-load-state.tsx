import type { Me } from '@kreyolcash/domain';
import { AppError } from '@kreyolcash/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, UserRoundX } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { useTranslation } from '@/lib/i18n';
import { notifyProfileError } from './profile-errors';

type ProfileLoadStateProps = {
  me: UseQueryResult<Me>;
  /** Shown while the profile loads, in the shape of what will come. */
  skeleton: ReactNode;
  children: (me: Me) => ReactNode;
};

/** The profile once loaded; meanwhile its skeleton; else "user not found" or the load error (spec §8). */
export function ProfileLoadState({ me, skeleton, children }: ProfileLoadStateProps) {
  const { t } = useTranslation('account');
  const failure = me.error ? AppError.from(me.error) : null;
  const isMissing = failure?.code === 'user_not_found' || failure?.code === 'not_found';

  useEffect(() => {
    if (me.error && !isMissing) notifyProfileError(me.error, 'user_data_error');
  }, [me.error, isMissing]);

  if (me.data) return children(me.data);
  if (isMissing) {
    return (
      <StatusPanel
        tone="error"
        icon={<UserRoundX aria-hidden="true" className="size-9" />}
        title={t('common.notFoundTitle')}
        body={t('common.notFoundBody')}
      >
        <Link to="/home" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
          {t('common.backHome')}
        </Link>
      </StatusPanel>
    );
  }
  if (failure) {
    return (
      <StatusPanel
        tone="error"
        icon={<CircleAlert aria-hidden="true" className="size-9" />}
        title={t('common.loadErrorTitle')}
        body={t('common.loadErrorBody')}
      >
        <Button size="lg" onClick={() => void me.refetch()} disabled={me.isFetching}>
          {t('common.retry')}
        </Button>
      </StatusPanel>
    );
  }
  return skeleton;
}
