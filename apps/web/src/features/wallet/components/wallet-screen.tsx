import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

const backStyles =
  '-ml-2 grid size-11 shrink-0 place-items-center rounded-xl text-primary-800 hover:bg-primary-50';

type WalletScreenProps = {
  title: string;
  /** Where the back arrow leads, or what it does (a wizard goes one step back). */
  back: string | (() => void);
  children: ReactNode;
};

/** The frame of the wallet screens: a header with the back arrow and the title, then the page. */
export function WalletScreen({ title, back, children }: WalletScreenProps) {
  const { t } = useTranslation('wallet');
  const icon = <ArrowLeft aria-hidden="true" className="size-6" />;
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-md items-center gap-2 px-4 py-1.5">
          {typeof back === 'string' ? (
            <Link to={back} aria-label={t('common.back')} className={backStyles}>
              {icon}
            </Link>
          ) : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('common.back')}
              onClick={back}
              className="-ml-2"
            >
              {icon}
            </Button>
          )}
          <h1 className="truncate text-xl font-bold text-slate-900">{title}</h1>
        </div>
      </header>
      <main className="mx-auto flex max-w-md flex-col gap-5 px-4 pt-4 pb-8">{children}</main>
    </div>
  );
}
