import type { PhoneProof } from '@kreyolcash/domain';
import { AppError, isVerificationCodeFormat } from '@kreyolcash/domain';
import { MessageCircle } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { Field } from '@/components/ui/field';
import { PhoneInput } from '@/components/ui/phone-input';
import { Spinner } from '@/components/ui/spinner';
import { type Refusal, refusalOf, StepRefusal } from '@/components/ui/step-refusal';
import { errorText, fieldErrorText } from '@/lib/error-text';
import { useTranslation } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePhoneProof, useSendPhoneProof, useVerifyPhoneProof } from '../api/phone-proof';

// The code sent on WhatsApp to the sign-up phone, in the registration wizard's look.
// A code is sent on arrival when none waits; the number can be corrected until it is proven.

// A refusal of the code itself shows under the field; anything else in the step, above its button
// (a send that failed on arrival, which belongs to no step, is a toast).
const CODE_FIELD_ERRORS = new Set([
  'invalid_codes',
  'code_expired',
  'code_attempts_exceeded',
  'phone_proof_not_pending',
]);

export function PhoneProofForm({ onProven }: { onProven: () => void }) {
  const { t } = useTranslation('screens');
  const proof = usePhoneProof();
  const send = useSendPhoneProof();
  const sentOnArrival = useRef(false);

  const state = proof.data;
  useEffect(() => {
    if (state?.telefone_verificado) onProven();
  }, [state?.telefone_verificado, onProven]);
  // No code waits (first visit, or the last one ran out): send one, once per visit.
  useEffect(() => {
    if (!state || state.telefone_verificado || state.codigo || sentOnArrival.current) return;
    sentOnArrival.current = true;
    send.mutate({}, { onError: (error) => notifyError(error) });
  }, [state, send]);

  if (proof.isError) {
    return (
      <div className="mt-5 flex flex-col gap-3">
        <p className="text-base text-slate-700">{errorText(proof.error, { fallback: 'user_data_error' })}</p>
        <Button onClick={() => void proof.refetch()}>{t('phoneProof.retry')}</Button>
      </div>
    );
  }
  if (!state) return <Spinner className="mx-auto mt-10" />;
  return <ProofSteps proof={state} send={send} onProven={onProven} />;
}

type ProofStepsProps = {
  proof: PhoneProof;
  send: ReturnType<typeof useSendPhoneProof>;
  onProven: () => void;
};

function ProofSteps({ proof, send, onProven }: ProofStepsProps) {
  const { t } = useTranslation('screens');
  const [isEditing, setIsEditing] = useState(false);
  return (
    <div className="mt-5 flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <span className="grid size-12 place-items-center rounded-full bg-primary-50 text-primary-700">
          <MessageCircle aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-xl font-bold text-slate-900">{t('phoneProof.heading')}</h2>
        <p className="text-base text-slate-700">{t('phoneProof.body', { phone: proof.telefone })}</p>
      </div>
      {isEditing ? (
        <ChangeNumber current={proof.telefone} send={send} onDone={() => setIsEditing(false)} />
      ) : (
        <CodeStep proof={proof} send={send} onProven={onProven} onChangeNumber={() => setIsEditing(true)} />
      )}
    </div>
  );
}

function CodeStep({
  proof,
  send,
  onProven,
  onChangeNumber,
}: ProofStepsProps & { onChangeNumber: () => void }) {
  const { t } = useTranslation('screens');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const verify = useVerifyPhoneProof({
    onSuccess: () => {
      notifySuccess(t('phoneProof.proven'));
      onProven();
    },
    onError: (error) => {
      const { code: key } = AppError.from(error);
      if (!CODE_FIELD_ERRORS.has(key)) return setRefusal(refusalOf(error));
      setFieldError(errorText(error));
      setCode('');
    },
  });
  const isBusy = verify.isPending || send.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy || !isVerificationCodeFormat(code)) return;
    setRefusal(null);
    verify.mutate({ codigo: code });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field
        label={t('phoneProof.codeLabel')}
        hint={
          proof.codigo
            ? t('phoneProof.attemptsLeft', { remaining: proof.codigo.tentativas_restantes })
            : undefined
        }
        error={fieldError}
      >
        {(control) => (
          <CodeInput
            {...control}
            name="codigo"
            placeholder="000000"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setFieldError(undefined);
              setRefusal(null);
            }}
          />
        )}
      </Field>
      <StepRefusal refusal={refusal} />
      {/* Enabled only with the whole code, as every code screen. */}
      <Button type="submit" size="lg" disabled={!isVerificationCodeFormat(code) || isBusy}>
        {verify.isPending ? <Spinner /> : null}
        {t('phoneProof.confirm')}
      </Button>
      {/* One under the other: side by side at 360 px each label breaks over two lines. */}
      <div className="flex flex-col gap-3">
        <Button
          variant="outline"
          disabled={isBusy}
          onClick={() =>
            send.mutate(
              {},
              {
                onSuccess: () => {
                  setFieldError(undefined);
                  setRefusal(null);
                  notifySuccess(t('phoneProof.resent', { phone: proof.telefone }));
                },
                onError: (error) => setRefusal(refusalOf(error)),
              },
            )
          }
        >
          {send.isPending ? <Spinner /> : null}
          {t('phoneProof.resend')}
        </Button>
        <Button variant="outline" disabled={isBusy} onClick={onChangeNumber}>
          {t('phoneProof.changeNumber')}
        </Button>
      </div>
    </form>
  );
}

function ChangeNumber({
  current,
  send,
  onDone,
}: {
  current: string;
  send: ReturnType<typeof useSendPhoneProof>;
  onDone: () => void;
}) {
  const { t } = useTranslation('screens');
  const [phone, setPhone] = useState(current);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    setRefusal(null);
    send.mutate(
      { telefone: phone },
      {
        onSuccess: (proof) => {
          notifySuccess(t('phoneProof.resent', { phone: proof.telefone }));
          onDone();
        },
        onError: (error) => {
          const { code, fields, details } = AppError.from(error);
          const key = fields?.telefone ?? (code === 'phone_already_exists' ? code : undefined);
          // A field's error shows under the field only; anything else in the step.
          if (!key) return setRefusal(refusalOf(error));
          const nome = typeof details?.nome === 'string' ? details.nome : undefined;
          setFieldError(
            key === 'phone_already_exists' && nome
              ? t('phoneProof.takenBy', { name: nome })
              : fieldErrorText(key),
          );
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field
        label={t('phoneProof.newNumberLabel')}
        hint={t('register.steps.contact.phoneHint')}
        error={fieldError}
      >
        {(control) => (
          <PhoneInput
            {...control}
            name="telefone"
            placeholder="+50937123456"
            value={phone}
            onChange={(event) => {
              setPhone(event.target.value);
              setFieldError(undefined);
              setRefusal(null);
            }}
          />
        )}
      </Field>
      <StepRefusal refusal={refusal} />
      <div className="flex gap-3">
        <Button variant="outline" size="lg" className="flex-1" disabled={send.isPending} onClick={onDone}>
          {t('register.back')}
        </Button>
        <Button type="submit" size="lg" className="flex-[2]" disabled={send.isPending || phone.trim() === ''}>
          {send.isPending ? <Spinner /> : null}
          {t('phoneProof.sendToNumber')}
        </Button>
      </div>
    </form>
  );
}
