import { formatKreyol, type StartedCashIn } from '@kreyolcash/domain';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import type { Refusal } from '@/components/ui/step-refusal';
import { useTranslation } from '@/lib/i18n';
import { getMyAgentQueryOptions } from '@/lib/my-agent';
import { cancelCashIn, useStartCashIn } from '../api/cash-in';
import { CashInConfirm } from './cash-in-confirm';
import { CashInForm } from './cash-in-form';
import { deskRefusalOf } from './desk-errors';
import type { CashInFormData, CashInFormValues } from './desk-schemas';
import { WaitingCashIns } from './waiting-cash-ins';

const emptyForm: CashInFormValues = { telefone: '', amount: '' };

type Done = { name: string; amountCentis: number; floatCentis: number | undefined };

/**
 * A cash-in at the counter: phone and amount → the customer's name and photo and the agent's code
 * → done, with the float's new balance. Leaving the screen with one waiting for its code cancels
 * it, so the float's money is not held for 10 minutes; one left by a reload or a closed tab is
 * offered again above the form (WaitingCashIns), to finish or give up.
 */
export function CashInPanel() {
  const { t } = useTranslation('desk');
  const queryClient = useQueryClient();
  const [values, setValues] = useState(emptyForm);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [started, setStarted] = useState<StartedCashIn | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const start = useStartCashIn();

  const waitingId = useRef<string | null>(null);
  waitingId.current = started?.movimentacao_id ?? null;
  useEffect(
    () => () => {
      if (!waitingId.current) return;
      // The desk's lists are read again once the void has committed, not before: a list read
      // meanwhile would still show it waiting.
      void cancelCashIn(waitingId.current)
        .catch(() => {})
        .finally(() => queryClient.invalidateQueries({ queryKey: ['agent-desk'] }));
    },
    [queryClient],
  );

  function send(data: CashInFormData, typed: CashInFormValues) {
    setValues(typed);
    setRefusal(null);
    start.mutate(
      { telefone: data.telefone, quantidade_centis: data.amount },
      {
        onSuccess: setStarted,
        onError: (error) => setRefusal(deskRefusalOf(error, 'transfer_processing_error')),
      },
    );
  }

  async function finish(paid: StartedCashIn) {
    setStarted(null);
    const agent = await queryClient
      .fetchQuery({ ...getMyAgentQueryOptions(), staleTime: 0 })
      .catch(() => undefined);
    setDone({
      name: paid.cliente.nome_completo,
      amountCentis: paid.quantidade_centis,
      floatCentis: agent?.float.disponivel_centis,
    });
  }

  if (done) {
    return (
      <StatusPanel
        tone="success"
        icon={<CircleCheck aria-hidden="true" className="size-10" />}
        title={t('cashIn.doneTitle')}
        body={t('cashIn.doneBody', { amount: formatKreyol(done.amountCentis), name: done.name })}
      >
        {done.floatCentis !== undefined ? (
          <p className="text-lg font-bold text-slate-900 tabular-nums" data-testid="float-after">
            {t('cashIn.floatAfter', { amount: formatKreyol(done.floatCentis) })}
          </p>
        ) : null}
        <Button
          size="lg"
          onClick={() => {
            setDone(null);
            setValues(emptyForm);
          }}
        >
          {t('cashIn.another')}
        </Button>
      </StatusPanel>
    );
  }
  if (started) {
    return (
      <CashInConfirm
        started={started}
        onDone={() => void finish(started)}
        onEnded={(why) => {
          setStarted(null);
          setRefusal(why);
        }}
      />
    );
  }
  return (
    <>
      <WaitingCashIns
        onResume={(cashIn) => {
          setRefusal(null);
          setStarted(cashIn);
        }}
      />
      <CashInForm
        values={values}
        isSending={start.isPending}
        refusal={refusal}
        onEdit={() => setRefusal(null)}
        onSubmit={send}
      />
    </>
  );
}
