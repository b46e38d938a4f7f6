import { formatDateTime, type TransactionDetail, type TransferReport } from '@kreyolcash/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { inputStyles } from '@/components/ui/input';
import { type Refusal, StepRefusal } from '@/components/ui/step-refusal';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { walletRefusalOf } from './wallet-errors';

const DESCRIPTION_MAX = 500;

const statusTints: Record<TransferReport['status'], string> = {
  aberta: 'bg-amber-100 text-amber-900',
  estornada: 'bg-sky-100 text-sky-900',
  reembolsada: 'bg-sky-100 text-sky-900',
  liberada: 'bg-slate-100 text-slate-800',
  rejeitada: 'bg-slate-100 text-slate-800',
  expirada: 'bg-slate-100 text-slate-800',
};

/** What a kind of complaint says before it is sent, in the reader's language. */
export type ComplaintTexts = {
  title: string;
  intro: string;
  open: string;
  confirmTitle: string;
  confirmBody?: string;
  /** Asked above the reasons, and when none was chosen; only with reasons. */
  reasonLegend?: string;
  reasonRequired?: string;
  descriptionLabel: string;
  descriptionHint: string;
  send: string;
  sending: string;
  cancel: string;
  sentTitle: string;
  sentBody: string;
};

/** What a kind of complaint says of where one stands; `held`, while it is open. */
export type ComplaintStatusTexts = { title: string; state: string; held?: string };

export type ComplaintReason<R extends string> = { value: R; label: string };

export type ComplaintCardProps<R extends string> = {
  transaction: TransactionDetail;
  /** Names the cards for the journeys: `<id>-offer`, `<id>-form`, `<id>-card`, `<id>-status`. */
  testId: 'report' | 'complaint';
  /** Whether the reader may complain now (not yet complained, within the window). */
  canOpen: boolean;
  /** The reasons to choose one from before sending; none: the form only confirms. */
  reasons: readonly ComplaintReason<R>[];
  texts: ComplaintTexts;
  statusTexts: (report: TransferReport) => ComplaintStatusTexts;
  send: (reason: R | null, description: string | undefined) => Promise<unknown>;
};

/**
 * A complaint about a movement, by whoever may make it: an offer, a form (a reason when the kind
 * has reasons, optional words), then where the complaint stands. Each kind passes its own texts.
 */
export function ComplaintCard<R extends string>(props: ComplaintCardProps<R>) {
  // Another movement's detail starts without this one's refusal.
  return <ComplaintCards key={props.transaction.id} {...props} />;
}

function ComplaintCards<R extends string>(props: ComplaintCardProps<R>) {
  // Held here rather than in the form: a refusal reloads the detail, which may then offer no
  // complaint (too late, complained already), and the reason must stay where the form was.
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const report = props.transaction.reclamacao;
  if (props.canOpen && !report) return <ComplaintOffer {...props} refusal={refusal} onRefusal={setRefusal} />;
  return (
    <>
      <StepRefusal refusal={refusal} />
      {report ? (
        <ComplaintStatusCard testId={props.testId} report={report} texts={props.statusTexts(report)} />
      ) : null}
    </>
  );
}

type StatusProps = { testId: string; report: TransferReport; texts: ComplaintStatusTexts };

function ComplaintStatusCard({ testId, report, texts }: StatusProps) {
  const { t } = useTranslation('wallet');
  return (
    <Card className="flex flex-col gap-2 py-4" data-testid={`${testId}-card`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-bold text-slate-900">{texts.title}</h2>
        <p
          className={cn('rounded-full px-3 py-1 text-sm font-bold', statusTints[report.status])}
          data-testid={`${testId}-status`}
        >
          {t(`report.status.${report.status}`)}
        </p>
      </div>
      <p className="text-base text-slate-800">{texts.state}</p>
      {report.status === 'aberta' ? (
        <>
          {texts.held ? <p className="text-sm text-slate-600">{texts.held}</p> : null}
          <p className="text-sm text-slate-600">
            {t('report.deadline', { date: formatDateTime(report.prazo_em) })}
          </p>
        </>
      ) : report.decidido_em ? (
        <p className="text-sm text-slate-600">
          {t('report.decidedAt', { date: formatDateTime(report.decidido_em) })}
        </p>
      ) : null}
      {report.descricao ? (
        <p className="text-sm break-words text-slate-600">
          {t('report.yourWords', { text: report.descricao })}
        </p>
      ) : null}
    </Card>
  );
}

type OfferProps<R extends string> = ComplaintCardProps<R> & {
  /** Why the server refused the complaint: shown in the form until the reader acts on it. */
  refusal: Refusal | null;
  onRefusal: (refusal: Refusal | null) => void;
};

function ComplaintOffer<R extends string>({ testId, texts, refusal, onRefusal, ...props }: OfferProps<R>) {
  const [writing, setWriting] = useState(false);
  // Kept while the form is closed: going back and opening it again finds what was written.
  const [draft, setDraft] = useState<Draft<R>>({ reason: null, description: '' });
  if (!writing) {
    return (
      <Card className="flex flex-col gap-3 py-4" data-testid={`${testId}-offer`}>
        <h2 className="flex items-center gap-2 text-base font-bold text-slate-900">
          <ShieldAlert aria-hidden="true" className="size-5 text-amber-700" />
          {texts.title}
        </h2>
        <p className="text-base text-slate-700">{texts.intro}</p>
        <Button variant="outline" size="lg" onClick={() => setWriting(true)}>
          {texts.open}
        </Button>
      </Card>
    );
  }
  return (
    <ComplaintForm
      {...props}
      testId={testId}
      texts={texts}
      refusal={refusal}
      onRefusal={onRefusal}
      draft={draft}
      onDraft={setDraft}
      onClose={() => setWriting(false)}
    />
  );
}

type Draft<R extends string> = { reason: R | null; description: string };
type FormProps<R extends string> = OfferProps<R> & {
  draft: Draft<R>;
  onDraft: (draft: Draft<R>) => void;
  onClose: () => void;
};

function ComplaintForm<R extends string>(props: FormProps<R>) {
  const { transaction, testId, reasons, texts, refusal, onRefusal, draft, onDraft, onClose } = props;
  const { reason, description } = draft;
  const queryClient = useQueryClient();
  const descriptionId = useId();
  const complain = useMutation({
    mutationFn: () => props.send(reason, description.trim() || undefined),
    onSuccess: () => {
      onClose();
      notifySuccess(texts.sentTitle, texts.sentBody);
    },
    onError: (error) => onRefusal(walletRefusalOf(error, 'transfer_processing_error')),
    // The detail shows the complaint (or, after a refusal, no longer offers one).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });

  return (
    <Card className="flex flex-col gap-3 border-amber-300 py-4" data-testid={`${testId}-form`}>
      <h2 className="text-base font-bold break-words text-slate-900">{texts.confirmTitle}</h2>
      {texts.confirmBody ? <p className="text-base text-slate-700">{texts.confirmBody}</p> : null}
      {reasons.length > 0 ? (
        <ReasonChoice
          name={`complaint-${transaction.id}`}
          legend={texts.reasonLegend ?? ''}
          reasons={reasons}
          chosen={reason}
          onChoose={(kind) => {
            onDraft({ ...draft, reason: kind });
            onRefusal(null);
          }}
        />
      ) : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-base font-semibold text-slate-800">
          {texts.descriptionLabel}
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          maxLength={DESCRIPTION_MAX}
          value={description}
          onChange={(event) => {
            onDraft({ ...draft, description: event.target.value });
            onRefusal(null);
          }}
          placeholder={texts.descriptionHint}
          className={cn(inputStyles, 'min-h-24 py-3 leading-snug')}
        />
      </div>
      <StepRefusal refusal={refusal} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          size="lg"
          disabled={complain.isPending}
          onClick={() => {
            if (reasons.length > 0 && !reason) {
              onRefusal({ text: texts.reasonRequired ?? '' });
              return;
            }
            onRefusal(null);
            complain.mutate();
          }}
          className="sm:flex-1"
        >
          {complain.isPending ? texts.sending : texts.send}
        </Button>
        <Button
          variant="ghost"
          size="lg"
          disabled={complain.isPending}
          onClick={() => {
            onRefusal(null);
            onClose();
          }}
          className="sm:flex-1"
        >
          {texts.cancel}
        </Button>
      </div>
    </Card>
  );
}

type ReasonChoiceProps<R extends string> = {
  name: string;
  legend: string;
  reasons: readonly ComplaintReason<R>[];
  chosen: R | null;
  onChoose: (reason: R) => void;
};

function ReasonChoice<R extends string>({ name, legend, reasons, chosen, onChoose }: ReasonChoiceProps<R>) {
  const legendId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-labelledby={legendId}>
      <legend id={legendId} className="text-base font-semibold text-slate-800">
        {legend}
      </legend>
      {reasons.map(({ value, label }) => (
        <label
          key={value}
          className={cn(
            'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-base text-slate-800',
            chosen === value ? 'border-primary-600 bg-primary-50' : 'border-slate-300',
          )}
        >
          <input
            type="radio"
            name={name}
            value={value}
            checked={chosen === value}
            onChange={() => onChoose(value)}
            className="size-5 shrink-0 accent-primary-600"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
