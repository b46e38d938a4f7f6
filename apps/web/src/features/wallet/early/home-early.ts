import { formatKreyol } from '@kreyolcash/domain';
import { withBrowserLock } from '../../../lib/browser-lock';
import {
  EARLY_SETTLED_EVENT,
  type EarlySession,
  REFRESH_LOCK,
  REFRESH_PATH,
  WALLET_PATH,
} from '../../../lib/early-session';
import { isWallet } from '../api/is-wallet';
import { findLastKnownBalance } from '../api/kept-balance';
import { BALANCE_ELEMENT_ID, BALANCE_HIDDEN_KEY } from '../home-balance';

// The signed-in home's first script, ~1.5 kB in the page's head (vite.early-script.ts builds it;
// the prerender names it in the home's HTML). It trades the refresh cookie and asks for the wallet
// while the app is not there yet, and writes the balance into the home's frame: on a slow phone
// the balance — the home's largest paint — no longer waits for ~170 kB of scripts, their start on
// a slow CPU, then two round trips. The app's scripts wait until it has shown what it could
// (EARLY_SETTLED_EVENT), take the same answers (lib/early-session.ts) and take the frame over; the
// balance's element lets the figure stand (balance-card.tsx).

const accept = { accept: 'application/json' };

type Session = { access_token?: unknown; user_id?: unknown };

async function sessionOf(answer: Response): Promise<Session | undefined> {
  return answer.ok ? (((await answer.clone().json()) as Session | null) ?? undefined) : undefined;
}

function isHidden(): boolean {
  try {
    return localStorage.getItem(BALANCE_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

const balanceElement = () => document.getElementById(BALANCE_ELEMENT_ID);

/** Only into the frame as the HTML drew it: once a figure is there (or the app's), it stands. */
function paint(wallet: unknown): void {
  const element = balanceElement();
  if (element?.textContent !== '' || !isWallet(wallet) || isHidden()) return;
  element.textContent = formatKreyol(wallet.saldo_centis);
}

let settled = false;
function settle(): void {
  if (settled) return;
  settled = true;
  // public/after-paint.js's mark for an event that came before it ran: data-<event, ':' as '-'>.
  document.documentElement.setAttribute(`data-${EARLY_SETTLED_EVENT.replace(':', '-')}`, '');
  document.dispatchEvent(new Event(EARLY_SETTLED_EVENT));
}

const refresh = withBrowserLock(REFRESH_LOCK, () =>
  fetch(REFRESH_PATH, { method: 'POST', headers: accept, credentials: 'same-origin' }),
);
const session = refresh.then(sessionOf);
const early: EarlySession = {
  refresh,
  wallet: session.then((signedIn) => {
    const token = signedIn?.access_token;
    if (typeof token !== 'string') return undefined;
    early.token = token;
    return fetch(WALLET_PATH, { headers: { ...accept, authorization: `Bearer ${token}` } });
  }),
};
window.kcEarlySession = early;

// The balance kept on this device for this person shows at once; the server's follows. Without
// one, the app waits for the server's (a round trip), which is what the person came to see.
session
  .then((signedIn) => {
    const kept = findLastKnownBalance();
    if (kept && kept.userId === signedIn?.user_id) paint(kept.wallet);
    if (!signedIn || isHidden() || balanceElement()?.textContent !== '') settle();
  })
  .catch(settle);
// The app reports what failed when it takes the answers; here a failure only means no figure.
early.wallet
  .then((answer) => (answer?.ok ? answer.clone().json() : undefined))
  .then(paint)
  .catch(() => {})
  .finally(settle);
