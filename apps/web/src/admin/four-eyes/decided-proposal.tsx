import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { type AdminTexts, formatDateTime, useAdminLocale, useAdminText } from '../i18n';
import type { FourEyesProposal } from './four-eyes-api';

type DecidedProposalProps = {
  texts: AdminTexts;
  proposal: FourEyesProposal;
  testId: string;
  reason: string | null;
  children: ReactNode;
};

/** A decided proposal: approved or rejected, by whom and when, and the words of the decision. */
export function DecidedProposal({ texts, proposal, testId, reason, children }: DecidedProposalProps) {
  const t = useAdminText(texts);
  const { locale } = useAdminLocale();
  const approved = proposal.status === 'aprovado';
  return (
    <li className="flex flex-col gap-1 py-2" data-testid={testId}>
      {children}
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 font-bold',
            approved ? 'bg-emerald-50 text-emerald-800' : 'bg-accent-50 text-accent-700',
          )}
        >
          {t(`status.${proposal.status}`)}
        </span>
        <span>
          {t('item.decidedBy', {
            name: proposal.decidido_por_nome ?? '—',
            date: proposal.decidido_em ? formatDateTime(proposal.decidido_em, locale) : '—',
          })}
        </span>
      </div>
      {reason ? <p className="text-sm break-words text-slate-700">{reason}</p> : null}
    </li>
  );
}
