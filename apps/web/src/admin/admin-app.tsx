import type { AdminOperator, AdminSession } from '@kreyolcash/domain';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AdminApiError, adminFetch, SESSION_ENDED_EVENT } from './api';
import { AdminLocaleProvider, useAdminLocale, useAdminText } from './i18n';
import { ScrollingNav } from './scrolling-nav';
import { sectionsFor } from './sections';
import { SignInForm } from './sign-in-form';

// The back office (/admin): a separate chunk that app users never download. It has its own data
// client, its own texts (Creole and French) and its own session (the kc_op cookie); nothing of the
// app's session or providers is used here.

// An operator's action is sent even offline, and fails at once there: paused (React Query's
// default), an approval or a float issued offline would go by itself later (lib/react-query.ts).
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { networkMode: 'always' },
  },
});

export const SESSION_QUERY = ['admin', 'session'] as const;

export function AdminApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AdminLocaleProvider>
        <AdminShell />
      </AdminLocaleProvider>
    </QueryClientProvider>
  );
}

function useOperator() {
  return useQuery({
    queryKey: SESSION_QUERY,
    queryFn: async () => {
      try {
        return (await adminFetch<AdminSession>('/session')).operador;
      } catch (error) {
        if (error instanceof AdminApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

function AdminShell() {
  const t = useAdminText();
  useDocumentTitle(t('app.title'));
  const client = useQueryClient();
  const session = useOperator();
  useEffect(() => {
    const ended = () => client.setQueryData(SESSION_QUERY, null);
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, [client]);

  if (session.isPending) {
    return (
      <div className="grid min-h-dvh place-items-center">
        <Spinner />
      </div>
    );
  }
  if (!session.data) return <SignInForm />;
  return <Workspace operator={session.data} />;
}

function Workspace({ operator }: { operator: AdminOperator }) {
  const t = useAdminText();
  const client = useQueryClient();
  // Made once per role: a new lazy page on each render would draw the open section again from
  // nothing, losing what the operator typed.
  const pages = useMemo(
    () => sectionsFor(operator.papel).map((s) => ({ ...s, Page: lazy(s.load) })),
    [operator.papel],
  );
  const signOut = async () => {
    await adminFetch('/session', { method: 'DELETE' }).catch(() => {});
    // The session query's observer stays subscribed (clear() would orphan it); the rest goes.
    client.setQueryData(SESSION_QUERY, null);
    client.removeQueries({ predicate: (query) => query.queryKey[1] !== 'session' });
  };
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-primary-800 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <strong className="text-lg">{t('app.title')}</strong>
          <span className="text-sm text-white/80" data-testid="admin-operator">
            {operator.nome} · {t(`role.${operator.papel}`)}
          </span>
          <div className="ml-auto flex items-center gap-3">
            <LocaleSwitch />
            <button
              type="button"
              className="min-h-11 rounded-lg border border-white/40 px-3 py-1.5 text-sm"
              onClick={signOut}
            >
              {t('signout')}
            </button>
          </div>
        </div>
        <ScrollingNav label={t('app.title')}>
          {pages.map((s) => (
            <NavLink
              key={s.key}
              to={`/admin/${s.key}`}
              className={({ isActive }) =>
                `flex min-h-11 items-center whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-white text-primary-800' : 'text-white/90 hover:bg-white/10'}`
              }
            >
              {t(`nav.${s.key}`)}
            </NavLink>
          ))}
        </ScrollingNav>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">
        <Suspense fallback={<Spinner />}>
          <Routes>
            {pages.map(({ key, Page }) => (
              <Route key={key} path={`${key}/*`} element={<Page />} />
            ))}
            <Route path="*" element={<Navigate to={`/admin/${pages[0]?.key ?? 'users'}`} replace />} />
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}

function LocaleSwitch() {
  const { locale, setLocale } = useAdminLocale();
  const t = useAdminText();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{t('language')}</span>
      <select
        className="min-h-11 rounded-lg bg-white px-2 py-1.5 text-slate-900"
        value={locale}
        onChange={(e) => setLocale(e.target.value === 'fr' ? 'fr' : 'ht')}
      >
        <option value="ht">Kreyòl</option>
        <option value="fr">Français</option>
      </select>
    </label>
  );
}
