import { AppError } from '@kreyolcash/domain';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { errorText } from '@/lib/error-text';
import { useTranslation } from '@/lib/i18n';
import { useConfirmEmail } from '../api/confirm-email';

const INVALID_LINK_CODES = new Set(['invalid_confirmation_link', 'validation_error']);

/** Confirms the e-mail with the link's token as soon as the page opens, and says how it went. */
export function ConfirmEmailStatus({ token }: { token: string | undefined }) {
  const { t } = useTranslation('screens');
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // The token works once: never post it twice (StrictMode runs effects twice in development).
  const hasPosted = useRef(false);
  useEffect(() => {
    if (!token || hasPosted.current) return;
    hasPosted.current = true;
    mutate({ token });
  }, [token, mutate]);

  const loginButton = (
    <Link to="/login" className={buttonStyles({ variant: 'primary', size: 'lg' })}>
      {t('confirmEmail.login')}
    </Link>
  );

  if (confirm.isSuccess) {
    return (
      <StatusPanel
        tone="success"
        icon={<CircleCheck aria-hidden="true" className="size-10" />}
        title={t('confirmEmail.successTitle')}
        body={t('confirmEmail.successBody')}
      >
        {loginButton}
      </StatusPanel>
    );
  }
  if (!token || (confirm.isError && INVALID_LINK_CODES.has(AppError.from(confirm.error).code))) {
    return (
      <StatusPanel
        tone="error"
        icon={<CircleX aria-hidden="true" className="size-10" />}
        title={t('confirmEmail.invalidTitle')}
        body={t('confirmEmail.invalidBody')}
      >
        {loginButton}
      </StatusPanel>
    );
  }
  if (confirm.isError) {
    return (
      <StatusPanel
        tone="error"
        icon={<TriangleAlert aria-hidden="true" className="size-10" />}
        title={t('confirmEmail.failedTitle')}
        body={errorText(confirm.error)}
      >
        <Button size="lg" onClick={() => mutate({ token })}>
          {t('confirmEmail.retry')}
        </Button>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel tone="info" icon={<Spinner className="size-10" />} title={t('confirmEmail.checking')} />
  );
}
