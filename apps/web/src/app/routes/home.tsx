import { type ErrorCode, HISTORY_HOME_LIMIT } from '@kreyolcash/domain';
import {
  Banknote,
  Gauge,
  LifeBuoy,
  Lock,
  LogOut,
  type LucideIcon,
  MapPin,
  Percent,
  Plus,
  ReceiptText,
  Send,
  ShoppingBag,
  Store,
  UserPlus,
  UserRound,
} from 'lucide-react';
import { memo, useDeferredValue, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { supportPath } from '@/components/ui/support-link';
import { firstNameOf, getMeQueryOptions, useMe } from '@/features/profile/api/get-me';
import { FrozenNotice } from '@/features/support/components/frozen-notice';
import { getTransactionsQueryOptions, useTransactions } from '@/features/wallet/api/get-transactions';
import { getWalletQueryOptions, useWallet } from '@/features/wallet/api/get-wallet';
import { useLastKnownWallet } from '@/features/wallet/api/last-known-balance';
import { useWalletEvents } from '@/features/wallet/api/use-wallet-events';
import { BalanceCard } from '@/features/wallet/components/balance-card';
import { OfflineHome } from '@/features/wallet/components/offline-home';
import { RecentTransactions } from '@/features/wallet/components/recent-transactions';
import { useOfflineBalance } from '@/features/wallet/components/use-offline-balance';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useIsTakingOver } from '@/hooks/use-is-taking-over';
import { useSession } from '@/hooks/use-session';
import { apiClient } from '@/lib/api-client';
import { isSessionFailure } from '@/lib/error-text';
import { agentsEnabled } from '@/lib/features';
import { useTranslation } from '@/lib/i18n';
import { useMyAgent } from '@/lib/my-agent';
import { notifyError } from '@/lib/notify';
import { queryClient } from '../data-provider';

const recentQuery = { limit: HISTORY_HOME_LIMIT };
const noAnswer = { data: undefined, isError: false, error: null } as const;

// The home's data leaves the moment the session is back (the layout restores it while this
// screen's code downloads), instead of once the screen has drawn again with the session: on a slow
// phone that render comes before the balance — the screen's largest paint — can even be asked for.
void apiClient.restoreSession().then(() => {
  if (apiClient.store.getState().status !== 'signed-in' || window.location.pathname !== '/home') return;
  void queryClient.prefetchQuery(getWalletQueryOptions());
  void queryClient.prefetchQuery(getMeQueryOptions());
  void queryClient.prefetchQuery(getTransactionsQueryOptions(recentQuery));
});

/**
 * Memoized: the proven-phone guard around it draws it again when the profile arrives, and nothing
 * here changes with that (each section below follows its own answer).
 */
export const HomeRoute = memo(function HomeRoute() {
  const session = useSession();
  // Without a network: the last known balance, and no money actions.
  const offlineBalance = useOfflineBalance(session);
  if (offlineBalance) return <OfflineHome balance={offlineBalance} />;
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  // While the session is being restored the screen shows its skeleton, already in place.
  return <HomeScreen userId={session.status === 'signed-in' ? session.userId : null} />;
});

// Each answer (profile, wallet, movements, a live balance) arrives in a task of its own, and
// drawing the whole home again for each costs 90–190 ms per answer on a 4× slower CPU. So each
// section reads its own answer and is memoized: an answer draws only the section that shows it.
const HomeScreen = memo(function HomeScreen({ userId }: { userId: string | null }) {
  const { t } = useTranslation('screens');
  // The balance and the latest movements follow the ledger without a reload.
  useWalletEvents(userId);
  useDocumentTitle(t('home.title'));

  return (
    <div className="min-h-dvh">
      <HomeHeader isSignedIn={userId !== null} />
      <main className="mx-auto flex max-w-md flex-col gap-5 px-4 pt-4 pb-8">
        <h1 className="sr-only">{t('home.title')}</h1>
        <FrozenBanner isSignedIn={userId !== null} />
        <HomeBalance userId={userId} />
        <Shortcuts isSignedIn={userId !== null} />
        <HomeMovements isSignedIn={userId !== null} />
        <MoneyLinks isSignedIn={userId !== null} />
      </main>
    </div>
  );
});

// Taking over the prerendered frame, a section's first render is the frame's, without any answer
// that may already be cached; the answers show at once after.
function useAnswer<T extends { data: unknown; isError: boolean; error: Error | null }>(answer: T) {
  return useIsTakingOver() ? noAnswer : answer;
}

const HomeHeader = memo(function HomeHeader({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation('screens');
  const me = useAnswer(useMe({ queryConfig: { enabled: isSignedIn } }));
  useFailureToast(me.error, 'user_data_error');
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-md items-center gap-3 px-4 py-2">
        <Link
          to="/profile"
          aria-label={t('home.profile')}
          className="grid size-11 shrink-0 place-items-center overflow-hidden rounded-full bg-primary-50 text-primary-700"
        >
          {me.data?.profile_photo_url ? (
            <img src={me.data.profile_photo_url} alt="" className="size-11 object-cover" />
          ) : (
            <UserRound aria-hidden="true" className="size-6" />
          )}
        </Link>
        <div className="min-w-0 flex-1">
          {me.data ? (
            <p className="text-lg font-bold break-words text-slate-900">
              {t('home.greeting', { name: firstNameOf(me.data.nome_completo) })}
            </p>
          ) : me.isError ? (
            <p className="text-lg font-bold text-slate-900">{t('home.greetingFallback')}</p>
          ) : (
            <Skeleton className="h-6 w-40" />
          )}
        </div>
        <LogoutButton />
      </div>
    </header>
  );
});
const HomeBalance = memo(function HomeBalance({ userId }: { userId: string | null }) {
  const wallet = useAnswer(useWallet({ queryConfig: { enabled: userId !== null } }));
  // The balance this device last saw, until the server's arrives: the card shows a figure as soon
  // as the app runs, and the page's largest paint is that figure, not a placeholder.
  const lastKnownWallet = useLastKnownWallet(userId);
  const isFrozen = useIsFrozen(userId !== null);
  useFailureToast(wallet.error, 'account_data_error');
  return <BalanceCard wallet={wallet.data ?? lastKnownWallet} frozen={isFrozen} />;
});

const HomeMovements = memo(function HomeMovements({ isSignedIn }: { isSignedIn: boolean }) {
  const recent = useAnswer(useTransactions({ query: recentQuery, queryConfig: { enabled: isSignedIn } }));
  // The balance is the page's largest paint and comes first: the movements (a row each, with its
  // date) are drawn in a render React may pause between rows, not in one long task after the
  // answer. Until then the list keeps what it showed (its placeholders, or the previous rows).
  const transactions = useDeferredValue(recent.data?.items);
  useFailureToast(recent.error, 'account_data_error');
  return <RecentTransactions transactions={transactions} failed={recent.isError} />;
});

/** Whether the account is frozen, once the profile is known (the prerendered frame says no). */
function useIsFrozen(isSignedIn: boolean): boolean {
  return useAnswer(useMe({ queryConfig: { enabled: isSignedIn } })).data?.congelado === true;
}

/** The two links under the movements; a frozen account's way forward is support, not a payment. */
const MoneyLinks = memo(function MoneyLinks({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation('screens');
  const isFrozen = useIsFrozen(isSignedIn);
  return (
    <>
      <Link to="/limits" className={buttonStyles({ variant: 'outline', size: 'lg' })}>
        <Gauge aria-hidden="true" className="size-5" />
        {t('home.limits')}
      </Link>
      {isFrozen ? (
        <Link
          to={supportPath({ subject: 'conta_congelada' })}
          className={buttonStyles({ variant: 'primary', size: 'lg' })}
        >
          <LifeBuoy aria-hidden="true" className="size-5" />
          {t('support.contact')}
        </Link>
      ) : (
        <Link to="/transfer" className={buttonStyles({ variant: 'primary', size: 'lg' })}>
          <Plus aria-hidden="true" className="size-5" />
          {t('home.newPayment')}
        </Link>
      )}
    </>
  );
});

type ShortcutLabel = 'transfer' | 'companies' | 'referrals' | 'statement' | 'agents' | 'fees' | 'cashOut';

// The agents' shortcuts are in every page drawn (the prerendered one cannot know the setting) and
// shown only with AGENTS_ENABLED, by the `when-agents` class.
const shortcuts: { to: string; label: ShortcutLabel; Icon: LucideIcon; agentsOnly?: true }[] = [
  { to: '/transfer', label: 'transfer', Icon: Send },
  { to: '/companies', label: 'companies', Icon: ShoppingBag },
  { to: '/referrals', label: 'referrals', Icon: UserPlus },
  { to: '/statement', label: 'statement', Icon: ReceiptText },
  { to: '/agents', label: 'agents', Icon: MapPin, agentsOnly: true },
  { to: '/fees', label: 'fees', Icon: Percent, agentsOnly: true },
  { to: '/cash-out', label: 'cashOut', Icon: Banknote, agentsOnly: true },
];

const Shortcuts = memo(function Shortcuts({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation('screens');
  const isFrozen = useIsFrozen(isSignedIn);
  return (
    <nav aria-label={t('home.shortcuts.label')}>
      <ul className="grid grid-cols-4 gap-2">
        {shortcuts.map(({ to, label, Icon, agentsOnly }) => (
          <li key={to} className={agentsOnly ? 'when-agents' : undefined}>
            {/* Sending is what a freeze stops: the shortcuts that send say so before they are tapped. */}
            <ShortcutTile
              to={to}
              label={t(`home.shortcuts.${label}`)}
              Icon={Icon}
              isLocked={isFrozen && (label === 'transfer' || label === 'cashOut')}
            />
          </li>
        ))}
        <DeskShortcut isSignedIn={isSignedIn} />
      </ul>
    </nav>
  );
});

/** An agent's own way to their desk, once the server says the person is one. */
function DeskShortcut({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation('screens');
  const myAgent = useAnswer(useMyAgent({ enabled: isSignedIn && agentsEnabled() }));
  if (!myAgent.data) return null;
  return (
    <li>
      <ShortcutTile to="/agent" label={t('home.shortcuts.desk')} Icon={Store} isLocked={false} />
    </li>
  );
}

type ShortcutTileProps = { to: string; label: string; Icon: LucideIcon; isLocked: boolean };

function ShortcutTile({ to, label, Icon, isLocked }: ShortcutTileProps) {
  const { t } = useTranslation('screens');
  return (
    <Link
      to={to}
      className="flex min-h-20 flex-col items-center justify-center gap-1.5 rounded-2xl border border-slate-200 bg-white px-1 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      {isLocked ? (
        <>
          <span className="grid size-10 place-items-center rounded-full bg-red-50 text-red-700">
            <Lock aria-hidden="true" className="size-5" />
          </span>
          {label}
          <span className="sr-only">{t('home.frozen.title')}</span>
        </>
      ) : (
        <>
          <span className="grid size-10 place-items-center rounded-full bg-primary-50 text-primary-700">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          {label}
        </>
      )}
    </Link>
  );
}

/** A frozen account says so first: nothing leaves it, it still sees and receives. */
const FrozenBanner = memo(function FrozenBanner({ isSignedIn }: { isSignedIn: boolean }) {
  const me = useAnswer(useMe({ queryConfig: { enabled: isSignedIn } }));
  if (!me.data?.congelado) return null;
  return <FrozenNotice testId="frozen-banner" />;
});

function LogoutButton() {
  const { t } = useTranslation('screens');
  const navigate = useNavigate();
  const [isLeaving, setIsLeaving] = useState(false);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('home.logout')}
      disabled={isLeaving}
      onClick={async () => {
        setIsLeaving(true);
        await apiClient.logout();
        void navigate('/login', { replace: true });
      }}
    >
      {isLeaving ? <Spinner /> : <LogOut aria-hidden="true" className="size-5" />}
    </Button>
  );
}

/** One toast per failure of a screen's data (spec §8 user_data_error, account_data_error). */
function useFailureToast(error: Error | null, fallback: ErrorCode) {
  useEffect(() => {
    if (!error || isSessionFailure(error)) return;
    notifyError(error, { fallback });
  }, [error, fallback]);
}
