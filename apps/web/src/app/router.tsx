import { type ComponentType, lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import {
  matchRoutes,
  type RouteObject,
  renderMatches,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { BootSplash } from '@/components/boot-splash';
import { registerNavigate } from '@/lib/app-navigation';
import { withNamespaces } from '@/lib/i18n';
import { RouteErrorBoundary } from './route-error-boundary';

// Declarative routing (matchRoutes and renderMatches, as useRoutes does) rather than the data router: the data router adds ~17 KB gzipped
// to the first download, and TanStack Query already does the data loading. What we would miss,
// loading a layout's and a page's chunks in parallel, AppRoutes does below with `preload`.

type RouteHandle = { preload: () => Promise<unknown> };

/** A code-split route: its chunk loads on first visit, or earlier through `preload`. */
function lazyRoute(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  const loadOnce = once(load);
  const Page = lazy(async () => ({ default: await loadOnce() }));
  const handle: RouteHandle = { preload: loadOnce };
  return {
    element: (
      <>
        <Page />
        <RouteDrawn />
      </>
    ),
    handle,
  };
}

// A prerendered page is on the screen before the app takes it over, and public/after-paint.js
// holds what a person did on it meanwhile (a tap, a form sent). It is told each time a route has
// been drawn: its elements are the app's now, and what was held can be done again. An event and
// not a timer, because a timer may be slow (a busy phone) or stopped (a test's clock).
function RouteDrawn() {
  useEffect(() => {
    document.dispatchEvent(new Event('kc:route-drawn'));
  }, []);
  return null;
}

// Every import() of the build goes through Vite's preload helper (a URL and a DOM lookup per
// dependency), and the preload below and React's lazy would each call it for the same route on a
// page's first render. One promise per route instead; a failed one (the network dropped) is
// forgotten, so the next visit to the route asks again.
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

// The legal texts are long: their translations load with the page, not with the app.
const withLegalTexts = <T,>(page: Promise<T>) => withNamespaces(page, ['legal']);
const withAccountTexts = <T,>(page: Promise<T>) => withNamespaces(page, ['account']);
const withMarketplaceTexts = <T,>(page: Promise<T>) => withNamespaces(page, ['marketplace']);
// The money screens lead an account whose phone is not proven to /verify-phone.
async function provenOnly(page: Promise<ComponentType>): Promise<ComponentType> {
  const [guard, Screen] = await Promise.all([import('./routes/require-proven-phone'), page]);
  return guard.requireProvenPhone(Screen);
}

/** The route table of the product spec (§2), in one place. */
export const routes: RouteObject[] = [
  { path: '/', ...lazyRoute(async () => (await import('./routes/landing')).LandingRoute) },
  {
    path: '/terms-of-service',
    ...lazyRoute(async () => (await withLegalTexts(import('./routes/terms-of-service'))).TermsOfServiceRoute),
  },
  {
    path: '/privacy-policy',
    ...lazyRoute(async () => (await withLegalTexts(import('./routes/privacy-policy'))).PrivacyPolicyRoute),
  },
  {
    // Every screen that talks to the API sits under the data providers, and their texts (the
    // `screens` namespace) load with them.
    ...lazyRoute(async () => (await withNamespaces(import('./data-provider'), ['screens'])).DataProvider),
    children: [
      { path: '/login', ...lazyRoute(async () => (await import('./routes/login')).LoginRoute) },
      { path: '/register', ...lazyRoute(async () => (await import('./routes/register')).RegisterRoute) },
      {
        path: '/email-confirmation',
        ...lazyRoute(async () => (await import('./routes/email-confirmation')).EmailConfirmationRoute),
      },
      // Target of the confirmation e-mail's link (`/confirm-email#token=…`).
      {
        path: '/confirm-email',
        ...lazyRoute(async () => (await import('./routes/confirm-email')).ConfirmEmailRoute),
      },
      { path: '/home', ...lazyRoute(() => provenOnly(import('./routes/home').then((m) => m.HomeRoute))) },
      {
        path: '/verify-phone',
        ...lazyRoute(async () => (await import('./routes/verify-phone')).VerifyPhoneRoute),
      },
      {
        path: '/transfer',
        ...lazyRoute(() =>
          provenOnly(withNamespaces(import('./routes/transfer'), ['wallet']).then((m) => m.TransferRoute)),
        ),
      },
      // The agents' screens (AGENTS_ENABLED): the server answers their API only when it is on.
      {
        path: '/agents',
        ...lazyRoute(
          async () => (await withNamespaces(import('./routes/agents'), ['wallet', 'agents'])).AgentsRoute,
        ),
      },
      {
        path: '/fees',
        ...lazyRoute(
          async () => (await withNamespaces(import('./routes/fees'), ['wallet', 'agents'])).FeesRoute,
        ),
      },
      {
        path: '/cash-out',
        ...lazyRoute(() =>
          provenOnly(
            withNamespaces(import('./routes/cash-out'), ['wallet', 'agents']).then((m) => m.CashOutRoute),
          ),
        ),
      },
      {
        path: '/forgot-password',
        ...lazyRoute(async () => (await import('./routes/forgot-password')).ForgotPasswordRoute),
      },
      {
        path: '/reset-password',
        ...lazyRoute(async () => (await import('./routes/reset-password')).ResetPasswordRoute),
      },
      // The marketplace's texts (the `marketplace` namespace) load with its screens.
      {
        path: '/companies',
        ...lazyRoute(async () => (await withMarketplaceTexts(import('./routes/companies'))).CompaniesRoute),
      },
      {
        path: '/company/:id',
        ...lazyRoute(async () => (await withMarketplaceTexts(import('./routes/company'))).CompanyRoute),
      },
      {
        path: '/create-company',
        ...lazyRoute(
          async () => (await withMarketplaceTexts(import('./routes/create-company'))).CreateCompanyRoute,
        ),
      },
      {
        path: '/create-service/:companyId',
        ...lazyRoute(
          async () => (await withMarketplaceTexts(import('./routes/create-service'))).CreateServiceRoute,
        ),
      },
      {
        path: '/purchase/:productId/:companyId',
        ...lazyRoute(() =>
          provenOnly(withMarketplaceTexts(import('./routes/purchase')).then((m) => m.PurchaseRoute)),
        ),
      },
      // The profile, settings and referral screens' texts (the `account` namespace) load with them.
      {
        path: '/profile',
        ...lazyRoute(async () => (await withAccountTexts(import('./routes/profile'))).ProfileRoute),
      },
      {
        path: '/settings',
        ...lazyRoute(
          async () =>
            (await withNamespaces(import('./routes/settings'), ['account', 'identity'])).SettingsRoute,
        ),
      },
      // Verification level 2: the document review and a new photo.
      {
        path: '/identity',
        ...lazyRoute(
          async () => (await withNamespaces(import('./routes/identity'), ['identity'])).IdentityRoute,
        ),
      },
      // The verification level's limits and what is used of them.
      {
        path: '/limits',
        ...lazyRoute(() =>
          provenOnly(withNamespaces(import('./routes/limits'), ['wallet']).then((m) => m.LimitsRoute)),
        ),
      },
      // Reaching support: its channels, a help request, and the answers. Not only for a proven phone:
      // someone who cannot prove theirs needs support too.
      {
        path: '/support',
        ...lazyRoute(
          async () => (await withNamespaces(import('./routes/support'), ['support'])).SupportRoute,
        ),
      },
      {
        path: '/referrals',
        ...lazyRoute(() =>
          provenOnly(withAccountTexts(import('./routes/referrals')).then((m) => m.ReferralsRoute)),
        ),
      },
      // The agent's desk: cash-ins, the cash-outs to hand over, and the day (AGENTS_ENABLED).
      {
        path: '/agent',
        ...lazyRoute(() =>
          provenOnly(withNamespaces(import('./routes/agent-desk'), ['desk']).then((m) => m.AgentDeskRoute)),
        ),
      },
      {
        path: '/statement',
        ...lazyRoute(
          async () => (await withNamespaces(import('./routes/statement'), ['wallet'])).StatementRoute,
        ),
      },
      {
        path: '/transaction/:id',
        ...lazyRoute(
          async () =>
            (await withNamespaces(import('./routes/transaction-detail'), ['wallet'])).TransactionDetailRoute,
        ),
      },
      // Development only: the server answers /api/dev/outbox only outside production.
      { path: '/dev/outbox', ...lazyRoute(async () => (await import('./routes/dev-outbox')).DevOutboxRoute) },
    ],
  },
  // The back office: its own chunk, session and texts; app users never load it.
  { path: '/admin/*', ...lazyRoute(async () => (await import('../admin/admin-app')).AdminApp) },
  { path: '*', ...lazyRoute(async () => (await import('./routes/not-found')).NotFoundRoute) },
];

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'preload' in handle;
}

export function AppRoutes() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigate((to) => void navigate(to));
    return () => registerNavigate(null);
  }, [navigate]);

  // The route table is matched once per path (react-router flattens and ranks the whole table on
  // every match: useRoutes did it again after the preload's own match), and the same matches are
  // drawn. A layout's lazy chunk would otherwise have to arrive before its page's chunk is even
  // asked for; start all the matched chunks at once instead. This runs during render, not in an
  // effect: a render that suspends commits nothing, so an effect would come too late. Each route
  // loads once (lazyRoute), so a repeated render costs nothing.
  const matches = useMemo(() => {
    const found = matchRoutes(routes, location.pathname);
    for (const { route } of found ?? []) {
      if (isRouteHandle(route.handle)) void route.handle.preload().catch(() => {});
    }
    return found;
  }, [location.pathname]);

  // A new screen starts at the top; back and forward keep the browser's own scroll position.
  const shownPathname = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname === shownPathname.current) return;
    shownPathname.current = location.pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.pathname, navigationType]);

  const element = renderMatches(matches);
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<BootSplash />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
