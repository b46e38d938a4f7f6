import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorCodeOf } from './api';
import { type CountedPage, type ListPages, MorePages } from './list-pages';

export type StatusTabs<S extends string> = {
  statuses: readonly [S, ...S[]];
  status: S;
  show: (status: S) => void;
};

/**
 * The status a queue shows, from ?status= (the first status is the default and has no ?status=),
 * and the way to show another.
 */
export function useStatusTabs<S extends string>(statuses: readonly [S, ...S[]]): StatusTabs<S> {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const [first] = statuses;
  const status = statuses.find((s) => s === asked) ?? first;
  return { statuses, status, show: (s) => setParams(s === first ? {} : { status: s }) };
}

/**
 * A back-office queue by status, in the area's words (`queue.title`, `queue.count`, `tab.<status>`,
 * `queue.empty`, `queue.more`, `error.<code>`): the title and, once loaded, how many there are (and,
 * on the default tab, in what order: the words of the key `defaultOrder`); a tab per status; then a
 * spinner while it loads, the error, a line when the list is empty, or what `children` draws with
 * the rows read so far, and a button that reads the next page while there is one.
 */
export function StatusQueue<S extends string, P extends CountedPage, T>(p: {
  t: (key: string, params?: Record<string, string | number>) => string;
  tabs: StatusTabs<S>;
  query: ListPages<P>;
  items: (page: P) => readonly T[];
  defaultOrder: string;
  children: (rows: T[]) => ReactNode;
}) {
  const { t, tabs, query } = p;
  const rows = query.data?.pages.flatMap((page) => p.items(page)) ?? [];
  const total = query.data?.pages[0]?.total;
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{t('queue.title')}</h1>
        {total !== undefined ? (
          <p className="text-sm text-slate-600" data-testid="queue-count">
            {t('queue.count', { count: total })}
            {tabs.status === tabs.statuses[0] ? ` · ${t(p.defaultOrder)}` : null}
          </p>
        ) : null}
      </div>
      <div role="tablist" className="flex flex-wrap gap-2">
        {tabs.statuses.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === tabs.status}
            onClick={() => tabs.show(s)}
            className={cn(
              'min-h-11 rounded-full border px-4 text-sm font-semibold',
              s === tabs.status
                ? 'border-primary-700 bg-primary-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:border-primary-600',
            )}
          >
            {t(`tab.${s}`)}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError && !query.isFetchNextPageError ? (
        <p role="alert" className="text-accent-700">
          {t(`error.${errorCodeOf(query.error) ?? 'unexpected_error'}`)}
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">{t('queue.empty')}</p>
      ) : (
        <>
          {p.children(rows)}
          {query.isFetchNextPageError ? (
            <p role="alert" className="text-accent-700">
              {t(`error.${errorCodeOf(query.error) ?? 'unexpected_error'}`)}
            </p>
          ) : null}
          <MorePages pages={query} label={t('queue.more')} />
        </>
      )}
    </section>
  );
}
