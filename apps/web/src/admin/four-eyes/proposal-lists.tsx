import type { AdminOperator } from '@kreyolcash/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorCodeOf } from '../api';
import { type AdminTexts, useAdminText } from '../i18n';
import type { ListPages } from '../list-pages';
import { MorePages } from '../list-pages';
import { DecidedProposal } from './decided-proposal';
import { type FourEyesArea, type FourEyesProposal, type ProposalPage, useProposals } from './four-eyes-api';
import { PendingProposal } from './pending-proposal';

/** What an area shows of its own proposals; the frame adds who proposed, decided, and why. */
export type ProposalLook<T> = {
  /** The test id of a pending item (`pending-<noun>`), a decided one, and their lists (`…s`). */
  noun: string;
  pending: (item: T) => ReactNode;
  decided: (item: T) => ReactNode;
  /** Said before who proposed it, on the same line. */
  byline?: (item: T) => string;
  /** The words under a decision. */
  reason: (item: T) => string | null;
};

/** The proposals waiting for a second operator, then the latest decisions. */
export function ProposalLists<T extends FourEyesProposal>(p: {
  area: FourEyesArea;
  texts: AdminTexts;
  look: ProposalLook<T>;
}) {
  const pending = useProposals<T>(p.area, 'proposto');
  const decided = useProposals<T>(p.area, 'decidido');
  // The shell already loaded who is signed in (admin-app's session query).
  const me = useQueryClient().getQueryData<AdminOperator | null>(['admin', 'session']);
  const { noun } = p.look;
  return (
    <div className="flex flex-col gap-4">
      <ListCard texts={p.texts} name="pending" query={pending} className="gap-3" testId={`pending-${noun}s`}>
        {(item) => (
          <PendingProposal
            key={item.id}
            area={p.area}
            texts={p.texts}
            proposal={item}
            mine={item.proposto_por === me?.id}
            testId={`pending-${noun}`}
            byline={p.look.byline?.(item)}
          >
            {p.look.pending(item)}
          </PendingProposal>
        )}
      </ListCard>
      <ListCard
        texts={p.texts}
        name="decided"
        query={decided}
        className="divide-y divide-slate-100"
        testId={`decided-${noun}s`}
      >
        {(item) => (
          <DecidedProposal
            key={item.id}
            texts={p.texts}
            proposal={item}
            testId={`decided-${noun}`}
            reason={p.look.reason(item)}
          >
            {p.look.decided(item)}
          </DecidedProposal>
        )}
      </ListCard>
    </div>
  );
}

/**
 * One list's card: its title and how many there are, then the items read so far and a button for
 * the next page while there is one, or why there are none.
 */
function ListCard<T extends FourEyesProposal>(p: {
  texts: AdminTexts;
  name: 'pending' | 'decided';
  query: ListPages<ProposalPage<T>>;
  className: string;
  testId: string;
  children: (item: T) => ReactNode;
}) {
  const t = useAdminText(p.texts);
  const { query } = p;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total;
  const failed = query.isError ? (
    <p role="alert" className="text-accent-700">
      {t(`error.${errorCodeOf(query.error) ?? 'unexpected_error'}`)}
    </p>
  ) : null;
  return (
    <Card className="p-4">
      <h2 className="mb-3 flex items-baseline justify-between gap-2 text-lg font-bold text-slate-900">
        {t(`${p.name}.title`)}
        {total ? (
          <span className="text-sm font-normal text-slate-600" data-testid={`${p.testId}-count`}>
            {total}
          </span>
        ) : null}
      </h2>
      {query.isPending ? (
        <Spinner />
      ) : items.length ? (
        <>
          <ul className={`flex flex-col ${p.className}`} data-testid={p.testId}>
            {items.map(p.children)}
          </ul>
          {query.isFetchNextPageError ? failed : null}
          <MorePages pages={query} label={t('list.more')} testId={`${p.testId}-more`} />
        </>
      ) : (
        (failed ?? <p className="text-slate-600">{t(`${p.name}.empty`)}</p>)
      )}
    </Card>
  );
}
