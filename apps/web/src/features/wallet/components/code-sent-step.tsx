import { formatKreyol, TRANSFER_CODE_EXPIRY_MS } from '@kreyolcash/domain';
import { MessageCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { StepHeading } from '@/components/ui/step-heading';
import { TextLink } from '@/components/ui/text-link';
import { useTranslation } from '@/lib/i18n';
import { TransferFeeLines } from './transfer-fee-lines';

export const CODE_MINUTES = TRANSFER_CODE_EXPIRY_MS / 60_000;

type CodeSentStepProps = {
  amountCentis: number;
  feeCentis: number;
  recipientName: string;
  onContinue: () => void;
};

/** Step 3: the code went to the payer's WhatsApp and lasts 15 minutes. */
export function CodeSentStep({ amountCentis, feeCentis, recipientName, onContinue }: CodeSentStepProps) {
  const { t } = useTranslation('wallet');
  return (
    <section className="flex flex-col items-center gap-4 text-center" aria-live="polite">
      <div className="grid size-20 place-items-center rounded-full bg-emerald-50 text-emerald-700">
        <MessageCircle aria-hidden="true" className="size-10" />
      </div>
      <StepHeading>{t('transfer.codeSent.title')}</StepHeading>
      <p className="text-base text-slate-700">{t('transfer.codeSent.body', { minutes: CODE_MINUTES })}</p>
      <p className="rounded-xl bg-slate-100 px-4 py-2 text-lg font-bold text-slate-900 tabular-nums">
        {t('transfer.codeSent.summary', { amount: formatKreyol(amountCentis), name: recipientName })}
        <TransferFeeLines amountCentis={amountCentis} feeCentis={feeCentis} />
      </p>
      <Button size="lg" className="mt-2 w-full" onClick={onContinue}>
        {t('transfer.codeSent.enterCode')}
      </Button>
      {/* Running locally there is no WhatsApp: the messages wait on the outbox page. */}
      {import.meta.env.DEV ? (
        <TextLink to="/dev/outbox" target="_blank" tone="muted">
          {t('transfer.codeSent.devOutbox')}
        </TextLink>
      ) : null}
    </section>
  );
}
