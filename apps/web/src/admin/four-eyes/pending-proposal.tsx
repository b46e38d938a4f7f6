import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorCodeOf } from '../api';
import { type AdminTexts, formatDateTime, useAdminLocale, useAdminText } from '../i18n';
import { ReasonField } from '../reason-field';
import { type FourEyesArea, type FourEyesProposal, useDecision } from './four-eyes-api';

type PendingProposalProps = {
  area: FourEyesArea;
  texts: AdminTexts;
  proposal: FourEyesProposal;
  /** Proposed by the operator looking: someone else must decide. */
  mine: boolean;
  testId: string;
  byline: string | undefined;
  children: ReactNode;
};

/** A proposal waiting for a second operator, who approves it or rejects it with a reason. */
export function PendingProposal({
  area,
  texts,
  proposal,
  mine,
  testId,
  byline,
  children,
}: PendingProposalProps) {
  const t = useAdminText(texts);
  const { locale } = useAdminLocale();
  const decide = useDecision(area, proposal.id);
  const failure = errorCodeOf(decide.error);
  const proposedBy = t('item.proposedBy', {
    name: proposal.proposto_por_nome,
    date: formatDateTime(proposal.criado_em, locale),
  });
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3" data-testid={testId}>
      {children}
      <p className="text-xs text-slate-500">{byline ? `${byline} · ${proposedBy}` : proposedBy}</p>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-accent-700">
          {t(`error.${failure}`)}
        </p>
      ) : null}
      {mine ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('item.own')}</p>
      ) : (
        <Decide texts={texts} decide={decide} />
      )}
    </li>
  );
}

/** Approve at once, or reject: a reason is asked first, and the rejection can be called off. */
function Decide({ texts, decide }: { texts: AdminTexts; decide: ReturnType<typeof useDecision> }) {
  const t = useAdminText(texts);
  const [rejecting, setRejecting] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [missing, setMissing] = useState(false);
  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (!motivo.trim()) return setMissing(true);
    decide.mutate({ kind: 'reject', motivo: motivo.trim() });
  };
  if (!rejecting) {
    return (
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          variant="secondary"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ kind: 'approve' })}
        >
          {t('item.approve')}
        </Button>
        <Button variant="outline" disabled={decide.isPending} onClick={() => setRejecting(true)}>
          {t('item.reject')}
        </Button>
      </div>
    );
  }
  return (
    <form className="flex flex-col gap-2" onSubmit={reject} noValidate>
      <ReasonField
        label={t('item.rejectReason')}
        placeholder={t('item.rejectPlaceholder')}
        value={motivo}
        missing={missing}
        onChange={(value) => {
          setMotivo(value);
          setMissing(false);
        }}
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="submit" variant="outline" disabled={decide.isPending}>
          {t('item.confirmReject')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setRejecting(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
