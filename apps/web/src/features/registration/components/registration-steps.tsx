import { DOCUMENT_MAX_LENGTH, GENDERS, sanitizePhoneInput, todayIsoDate } from '@kreyolcash/domain';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { PhoneInput } from '@/components/ui/phone-input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { fieldErrorText } from '@/lib/error-text';
import { useTranslation } from '@/lib/i18n';
import { PhotoField } from './photo-field';
import type { RegistrationData, RegistrationValues } from './registration-schema';

export type RegistrationForm = UseFormReturn<RegistrationValues, unknown, RegistrationData>;

type StepFieldsProps = {
  step: number;
  form: RegistrationForm;
  /** Masks the NIF as it is typed and checks it once complete. */
  onDocumentInput: (text: string) => void;
  isCheckingDocument: boolean;
};

/** The fields of one step of the wizard (spec §2 order). */
export function RegistrationStepFields({ step, form, onDocumentInput, isCheckingDocument }: StepFieldsProps) {
  const { t } = useTranslation('screens');
  const { register, control, formState } = form;
  const error = (field: keyof RegistrationValues) => fieldErrorText(formState.errors[field]?.message);

  switch (step) {
    case 0:
      return (
        <Field
          label={t('register.steps.fullName.label')}
          hint={t('register.steps.fullName.hint')}
          error={error('fullName')}
        >
          {(ids) => (
            <Input
              {...ids}
              {...register('fullName')}
              autoComplete="name"
              autoCapitalize="words"
              placeholder={t('register.steps.fullName.placeholder')}
            />
          )}
        </Field>
      );
    case 1:
      return (
        <Field
          label={t('register.steps.document.label')}
          hint={isCheckingDocument ? undefined : t('register.steps.document.hint')}
          error={error('document')}
        >
          {(ids) => (
            <>
              <Input
                {...ids}
                {...register('document')}
                onChange={(event) => onDocumentInput(event.target.value)}
                inputMode="numeric"
                autoComplete="off"
                maxLength={DOCUMENT_MAX_LENGTH}
                placeholder={t('register.steps.document.placeholder')}
              />
              {isCheckingDocument ? (
                <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
                  <Spinner className="size-4" />
                  {t('register.steps.document.checking')}
                </p>
              ) : null}
            </>
          )}
        </Field>
      );
    case 2:
    case 6: {
      const name = step === 2 ? 'documentPhoto' : 'profilePhoto';
      const texts = step === 2 ? 'documentPhoto' : 'profilePhoto';
      return (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <PhotoField
              label={t(`register.steps.${texts}.label`)}
              hint={t(`register.steps.${texts}.hint`)}
              value={field.value}
              onChange={(file) => {
                field.onChange(file);
                if (formState.errors[name]) void form.trigger(name);
              }}
              error={error(name)}
            />
          )}
        />
      );
    }
    case 3:
      return (
        <div className="flex flex-col gap-5">
          <Field
            label={t('common.email')}
            hint={t('register.steps.contact.emailHint')}
            error={error('email')}
          >
            {(ids) => (
              <EmailInput {...ids} {...register('email')} placeholder={t('common.emailPlaceholder')} />
            )}
          </Field>
          <Field
            label={t('register.steps.contact.phone')}
            hint={t('register.steps.contact.phoneHint')}
            error={error('phone')}
          >
            {(ids) => (
              <PhoneInput
                {...ids}
                // The value as sent is clean too, whatever put it in the field (spec §5).
                {...register('phone', { setValueAs: (value: string) => sanitizePhoneInput(value) })}
                placeholder={t('register.steps.contact.phonePlaceholder')}
              />
            )}
          </Field>
        </div>
      );
    case 4:
      return (
        <Field label={t('register.steps.birthDate.label')} error={error('birthDate')}>
          {(ids) => (
            <Input
              {...ids}
              {...register('birthDate')}
              type="date"
              autoComplete="bday"
              min="1900-01-01"
              max={todayIsoDate()}
            />
          )}
        </Field>
      );
    case 5:
      return (
        <fieldset aria-describedby={error('gender') ? 'gender-error' : undefined}>
          <legend className="sr-only">{t('register.steps.gender.title')}</legend>
          <div className="flex flex-col gap-3">
            {GENDERS.map((gender) => (
              <label
                key={gender}
                className={cn(
                  'flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl border-2 bg-white px-4 text-lg font-semibold',
                  'has-checked:border-primary-700 has-checked:bg-primary-50 has-focus-visible:outline-2',
                  'has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600',
                  error('gender') ? 'border-accent-600' : 'border-slate-200',
                )}
              >
                <input
                  type="radio"
                  value={gender}
                  {...register('gender')}
                  className="size-5 accent-primary-700"
                />
                {t(`register.steps.gender.${gender}`)}
              </label>
            ))}
          </div>
          {error('gender') ? (
            <p id="gender-error" className="mt-2 text-sm font-medium text-accent-700">
              {error('gender')}
            </p>
          ) : null}
        </fieldset>
      );
    case 7:
      return (
        <Field
          label={t('common.password')}
          hint={t('register.steps.password.hint')}
          error={error('password')}
        >
          {(ids) => (
            <PasswordInput
              {...ids}
              {...register('password')}
              autoComplete="new-password"
              showLabel={t('common.showPassword')}
              hideLabel={t('common.hidePassword')}
            />
          )}
        </Field>
      );
    default:
      return (
        <Field label={t('register.steps.confirmPassword.label')} error={error('confirmPassword')}>
          {(ids) => (
            <PasswordInput
              {...ids}
              {...register('confirmPassword')}
              autoComplete="new-password"
              showLabel={t('common.showPassword')}
              hideLabel={t('common.hidePassword')}
            />
          )}
        </Field>
      );
  }
}
