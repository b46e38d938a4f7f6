import type { AdminOperator } from '@kreyolcash/domain';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorCodeOf } from '../api';
import { type AdminTexts, useAdminText } from '../i18n';
import { DecidedProposal } from './decided-proposal';
import { type FourEyesArea, type FourEyesProposal, useProposals } from './four-eyes-api';
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

/** One list's card: its title, then its items, or why there are none. */
function ListCard<T extends FourEyesProposal>(p: {
  texts: AdminTexts;
  name: 'pending' | 'decided';
  query: UseQueryResult<{ items: T[] }>;
  className: string;
  testId: string;
  children: (item: T) => ReactNode;
}) {
  const t = useAdminText(p.texts);
  const { query } = p;
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-lg font-bold text-slate-900">{t(`${p.name}.title`)}</h2>
      {query.isPending ? (
        <Spinner />
      ) : query.data?.items.length ? (
        <ul className={`flex flex-col ${p.className}`} data-testid={p.testId}>
          {query.data.items.map(p.children)}
        </ul>
      ) : (
        <p className="text-slate-600">
          {t(query.isError ? `error.${errorCodeOf(query.error)}` : `${p.name}.empty`)}
        </p>
      )}
    </Card>
  );
}
