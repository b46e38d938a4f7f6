import type { Me } from '@kreyolcash/domain';
import { Lock, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { SupportLink } from '@/components/ui/support-link';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useFreezeAccount } from '../api/freeze-account';
import { notifyProfileError } from './profile-errors';

/**
 * "I lost my phone": the owner freezes the account at once, after one confirmation.
 * Whoever holds the phone then gets nothing out of it, codes included; only support unfreezes.
 */
export function FreezeCard({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const [confirming, setConfirming] = useState(false);
  const freeze = useFreezeAccount({
    onSuccess: () => {
      setConfirming(false);
      notifySuccess(t('success.title'), t('success.account_frozen'));
    },
    onError: (error) => notifyProfileError(error, 'unexpected_error'),
  });

  return (
    <Card className="flex flex-col gap-3" aria-labelledby="freeze-title">
      <h2 id="freeze-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ShieldAlert aria-hidden="true" className="size-5 text-red-700" />
        {t('settings.freeze.title')}
      </h2>
      {me.congelado ? (
        <>
          <p role="status" className="flex items-start gap-2 text-base font-semibold text-red-900">
            <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {t('settings.freeze.frozen')}
          </p>
          <SupportLink label={t('screens:support.contact')} subject="conta_congelada" />
        </>
      ) : confirming ? (
        <div role="alertdialog" aria-labelledby="freeze-confirm-title" className="flex flex-col gap-3">
          <p id="freeze-confirm-title" className="text-base font-bold text-slate-900">
            {t('settings.freeze.confirmTitle')}
          </p>
          <p className="text-base text-slate-700">{t('settings.freeze.confirmBody')}</p>
          {/* `!`: the variant's own colours come later in the stylesheet. */}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              size="lg"
              className="bg-red-700! hover:bg-red-800! active:bg-red-800! focus-visible:outline-red-700! sm:flex-1"
              disabled={freeze.isPending}
              onClick={() => freeze.mutate()}
            >
              {freeze.isPending ? <Spinner /> : <Lock aria-hidden="true" className="size-5" />}
              {t('settings.freeze.confirm')}
            </Button>
            <Button
              variant="outline"
              size="lg"
              className="sm:flex-1"
              disabled={freeze.isPending}
              onClick={() => setConfirming(false)}
            >
              {t('settings.freeze.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className="text-base text-slate-700">{t('settings.freeze.hint')}</p>
          <Button
            variant="outline"
            size="lg"
            className="border-red-300! text-red-800! hover:bg-red-50!"
            onClick={() => setConfirming(true)}
          >
            <Lock aria-hidden="true" className="size-5" />
            {t('settings.freeze.action')}
          </Button>
        </>
      )}
    </Card>
  );
}
