import { AppError, isCompleteNif, maskNif, nifDigits, REGISTRATION_STEP_FIELDS } from '@kreyolcash/domain';
import { useEffect, useRef, useState } from 'react';
import { type UseFormSetValue, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StepProgress } from '@/components/ui/step-progress';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError } from '@/lib/notify';
import { useCheckNifAvailability } from '../api/get-nif-availability';
import { useSignUp } from '../api/sign-up';
import {
  emptyRegistration,
  fieldErrorsOfSignUp,
  type RegistrationData,
  type RegistrationField,
  type RegistrationValues,
  STEP_COUNT,
  stepOfField,
  toSignUpRequest,
} from './registration-schema';
import { RegistrationStepFields } from './registration-steps';

const resolver = lazyZodResolver(() =>
  import('./registration-form-schema').then((module) => module.registrationSchema),
);

const STEP_TEXTS = [
  'fullName',
  'document',
  'documentPhoto',
  'contact',
  'birthDate',
  'gender',
  'profilePhoto',
  'password',
  'confirmPassword',
] as const;

function fieldsOfStep(step: number): RegistrationField[] {
  return [...(REGISTRATION_STEP_FIELDS[step] ?? [])];
}

type RegistrationWizardProps = {
  onRegistered: (email: string) => void;
  /** The inviter's code from an invitation link, sent with the sign-up. */
  referralCode?: string | undefined;
};

/** The 9-step sign-up (spec §2): each step validates its own fields before moving on. */
export function RegistrationWizard({ onRegistered, referralCode }: RegistrationWizardProps) {
  const { t, i18n } = useTranslation('screens');
  const [step, setStep] = useState(0);
  const form = useForm<RegistrationValues, unknown, RegistrationData>({
    resolver,
    defaultValues: emptyRegistration,
  });
  const nif = useNifCheck(form.setValue);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isLastStep = step === STEP_COUNT - 1;

  const signUp = useSignUp({
    onSuccess: (_answer, request) => onRegistered(request.email),
    onError: (error) => {
      const { code, fields } = AppError.from(error);
      const placed = fieldErrorsOfSignUp(code, fields);
      for (const [field, key] of placed) form.setError(field, { message: key });
      // Back to the first step that has something to fix.
      const steps = placed.map(([field]) => stepOfField(field)).filter((index) => index >= 0);
      // The step's field says what is wrong: no toast repeats it.
      if (steps.length > 0) return setStep(Math.min(...steps));
      notifyError(error, { fallback: 'registration_error' });
    },
  });

  // A new step starts at its title, for screen readers and for the keyboard alike.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  async function goForward() {
    if (step === 1) await nif.pending.current;
    const isValid = await form.trigger(fieldsOfStep(step));
    if (!isValid) return;
    if (!isLastStep) setStep(step + 1);
    else
      await form.handleSubmit((data) =>
        signUp.mutate({
          ...toSignUpRequest(data),
          codigo_indicacao: referralCode,
          idioma: i18n.resolvedLanguage,
        }),
      )();
  }

  function goBack() {
    form.clearErrors(fieldsOfStep(step));
    setStep(step - 1);
  }

  const isBusy = signUp.isPending;
  return (
    <form
      noValidate
      // Prerendered (its first step): see login-form.tsx.
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isBusy) void goForward();
      }}
      className="mt-5 flex flex-col gap-6"
    >
      <StepProgress
        current={step + 1}
        total={STEP_COUNT}
        label={t('register.progress', { current: step + 1, total: STEP_COUNT })}
      />
      <div className="flex flex-col gap-4">
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
          {t(`register.steps.${STEP_TEXTS[step] ?? 'fullName'}.title`)}
        </h2>
        <RegistrationStepFields
          step={step}
          form={form}
          onDocumentInput={nif.onInput}
          isCheckingDocument={nif.isChecking}
        />
      </div>
      <div className="flex gap-3">
        {step > 0 ? (
          <Button variant="outline" size="lg" className="flex-1" onClick={goBack} disabled={isBusy}>
            {t('register.back')}
          </Button>
        ) : null}
        <Button type="submit" size="lg" className="flex-[2]" disabled={isBusy}>
          {isBusy ? <Spinner /> : null}
          {isBusy ? t('register.submitting') : isLastStep ? t('register.submit') : t('register.continue')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Masks the NIF as it is typed and, at the 10th digit, asks whether an account already uses it:
 * if so the field is cleared and a toast says so (spec §5). A failed check is let through; the
 * sign-up checks again.
 */
function useNifCheck(setValue: UseFormSetValue<RegistrationValues>) {
  const { t } = useTranslation('screens');
  const checkAvailability = useCheckNifAvailability();
  const [isChecking, setIsChecking] = useState(false);
  const pending = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef('');

  function onInput(text: string) {
    const masked = maskNif(text);
    setValue('document', masked, { shouldDirty: true });
    const digits = nifDigits(masked);
    latest.current = digits;
    if (!isCompleteNif(masked)) {
      setIsChecking(false);
      return;
    }
    setIsChecking(true);
    pending.current = checkAvailability(digits)
      .then(({ available }) => {
        if (available || latest.current !== digits) return;
        setValue('document', '');
        latest.current = '';
        toast.error(t('register.nifTaken.title'), { description: t('register.nifTaken.body') });
      })
      .catch(() => {})
      .finally(() => {
        if (latest.current === digits || latest.current === '') setIsChecking(false);
      });
  }

  return { onInput, isChecking, pending };
}
