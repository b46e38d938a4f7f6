import { formatKreyol, type Wallet } from '@kreyolcash/domain';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { BALANCE_ELEMENT_ID } from '../home-balance';
import { useHiddenBalance } from './use-hidden-balance';

const DOTS = '•••••';

type BalancePart = { key: 'available' | 'frozen' | 'pending' | 'checking'; centis: number };

/**
 * What the balance is made of: what is free (or, in a frozen account, blocked: nothing can leave
 * it), what waits for a code, and what a "wrong person" report holds while support checks it — two
 * kinds of held money the person must not confuse.
 */
function heldParts(wallet: Wallet, frozen: boolean): BalancePart[] {
  const checking = wallet.em_verificacao_centis ?? 0;
  const pending = wallet.reservado_centis - checking;
  const parts: BalancePart[] = [{ key: frozen ? 'frozen' : 'available', centis: wallet.disponivel_centis }];
  if (pending > 0) parts.push({ key: 'pending', centis: pending });
  if (checking > 0) parts.push({ key: 'checking', centis: checking });
  return parts;
}

/** The balance, hidden as dots on request; its height is the same while it loads. */
export function BalanceCard({ wallet, frozen = false }: { wallet: Wallet | undefined; frozen?: boolean }) {
  const { t } = useTranslation('screens');
  const [isHidden, toggleHidden] = useHiddenBalance();
  const amount = (centis: number) => (isHidden ? `₭ ${DOTS}` : formatKreyol(centis));

  return (
    <section aria-labelledby="balance-label" className="rounded-3xl bg-primary-700 p-5 text-white shadow-md">
      <div className="flex items-center justify-between gap-3">
        <h2 id="balance-label" className="text-base font-medium text-primary-100">
          {t('home.balance.label')}
        </h2>
        <button
          type="button"
          onClick={toggleHidden}
          aria-pressed={isHidden}
          aria-label={isHidden ? t('home.balance.show') : t('home.balance.hide')}
          className="-m-2 grid size-11 place-items-center rounded-xl text-primary-100 hover:bg-white/10 focus-visible:outline-white"
        >
          {isHidden ? (
            <EyeOff aria-hidden="true" className="size-6" />
          ) : (
            <Eye aria-hidden="true" className="size-6" />
          )}
        </button>
      </div>
      <div className="mt-1 flex h-11 items-center">
        {/* Always this element: the page's early script (src/features/wallet/early/home-early.ts) may have written
            the figure into the HTML's frame before the app took it over, and it stands (no
            hydration error for its text) until the app has its own. Empty, it is the placeholder. */}
        <p
          id={BALANCE_ELEMENT_ID}
          className="text-4xl font-extrabold tracking-tight tabular-nums empty:h-9 empty:w-44 empty:rounded-lg empty:bg-white/20 motion-safe:empty:animate-pulse"
          data-testid="balance"
          suppressHydrationWarning
        >
          {!wallet ? (
            ''
          ) : isHidden ? (
            <>
              <span aria-hidden="true">{amount(wallet.saldo_centis)}</span>
              <span className="sr-only">{t('home.balance.hidden')}</span>
            </>
          ) : (
            amount(wallet.saldo_centis)
          )}
        </p>
      </div>
      <p className="mt-1 flex min-h-5 flex-wrap gap-x-3 text-sm text-primary-100" data-testid="balance-parts">
        {wallet
          ? heldParts(wallet, frozen).map(({ key, centis }) => (
              <span key={key} className="whitespace-nowrap">
                {t(`home.balance.${key}`, { amount: amount(centis) })}
              </span>
            ))
          : null}
      </p>
    </section>
  );
}
