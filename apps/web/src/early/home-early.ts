import { formatKreyol } from '@kreyolcash/domain';
import { isWallet } from '../features/wallet/api/is-wallet';
import { BALANCE_ELEMENT_ID, BALANCE_HIDDEN_KEY } from '../features/wallet/home-balance';
import { type EarlySession, REFRESH_LOCK, REFRESH_PATH, WALLET_PATH } from '../lib/early-session';

// The signed-in home's first script, a few hundred bytes in the page's head (vite.early-script.ts
// builds it; the prerender names it in the home's HTML). It trades the refresh cookie and asks for
// the wallet while the app's code is still downloading, and writes the balance into the home's
// frame: on a slow phone the balance — the home's largest paint — no longer waits for the scripts,
// then two round trips. The app takes the same answers (lib/early-session.ts) and takes the frame
// over; the balance's element lets its figure stand (balance-card.tsx).

const accept = { accept: 'application/json' };

function underRefreshLock(run: () => Promise<Response>): Promise<Response> {
  const locks = navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK, run) as unknown as Promise<Response>) : run();
}

async function accessTokenOf(answer: Response): Promise<string | undefined> {
  if (!answer.ok) return undefined;
  const body: unknown = await answer.clone().json();
  const token = (body as { access_token?: unknown } | null)?.access_token;
  return typeof token === 'string' ? token : undefined;
}

function isHidden(): boolean {
  try {
    return localStorage.getItem(BALANCE_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** Only into the frame as the HTML drew it: once the app has written there, the app's figure stands. */
function paint(wallet: unknown): void {
  const element = document.getElementById(BALANCE_ELEMENT_ID);
  if (element?.textContent !== '' || !isWallet(wallet) || isHidden()) return;
  element.textContent = formatKreyol(wallet.saldo_centis);
}

const refresh = underRefreshLock(() =>
  fetch(REFRESH_PATH, { method: 'POST', headers: accept, credentials: 'same-origin' }),
);
const early: EarlySession = {
  refresh,
  wallet: refresh.then(accessTokenOf).then((token) => {
    if (!token) return undefined;
    early.token = token;
    return fetch(WALLET_PATH, { headers: { ...accept, authorization: `Bearer ${token}` } });
  }),
};
window.kcEarlySession = early;

// The app reports what failed when it takes the answers; here a failure only means no early figure.
early.wallet
  .then((answer) => (answer?.ok ? answer.clone().json() : undefined))
  .then(paint)
  .catch(() => {});
