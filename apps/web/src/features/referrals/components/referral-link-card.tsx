import { Copy } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';

type ReferralLinkCardProps = { link: string | undefined; code: string | undefined };

/** The sign-up link that carries the user's referral code, with a copy button. */
export function ReferralLinkCard({ link, code }: ReferralLinkCardProps) {
  const { t } = useTranslation('account');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard API (an http page, an old browser): the selected text is copied the old way.
      input.current?.select();
      document.execCommand('copy');
    }
    notifySuccess(t('referrals.link.copied'));
  }

  return (
    <Card className="flex flex-col gap-3">
      <label htmlFor={inputId} className="text-lg font-bold text-slate-900">
        {t('referrals.link.title')}
      </label>
      {link ? (
        <Input
          ref={input}
          id={inputId}
          value={link}
          readOnly
          onFocus={(event) => event.target.select()}
          className="bg-slate-100 text-sm"
        />
      ) : (
        <Skeleton className="h-12 w-full rounded-xl" />
      )}
      {code ? <p className="text-sm text-slate-600">{t('referrals.link.code', { code })}</p> : null}
      <Button variant="secondary" onClick={() => void copy()} disabled={!link}>
        <Copy aria-hidden="true" className="size-5" />
        {t('referrals.link.copy')}
      </Button>
    </Card>
  );
}
