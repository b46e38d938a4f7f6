import { AppError, COMPANY_CATEGORY_IDS, type Company, type CompanyCreateBody } from '@kreyolcash/domain';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyErrorText } from '@/lib/notify';
import { useCreateCompany } from '../api/create-company';
import { applyFieldErrors } from './apply-field-errors';
import { CategorySelect } from './category-select';
import type { CompanyFormValues } from './company-form-schema';
import { emptyCompanyForm } from './empty-forms';
import { marketplaceFieldText, notifyMarketplaceError } from './marketplace-text';
import { TextArea } from './text-area';
import { useCategoryLabels } from './use-category-labels';

const FIELDS = ['nome', 'descricao', 'categoria', 'telefone', 'email'] as const;
const resolver = lazyZodResolver(() =>
  import('./company-form-schema').then((module) => module.companyFormSchema),
);

type CreateCompanyFormProps = { onCreated: (company: Company) => void };

export function CreateCompanyForm({ onCreated }: CreateCompanyFormProps) {
  const { t } = useTranslation('marketplace');
  const labels = useCategoryLabels();
  const categories = COMPANY_CATEGORY_IDS.map((id) => ({ id, label: labels.company(id) }));
  const form = useForm<CompanyFormValues, unknown, CompanyCreateBody>({
    resolver,
    defaultValues: emptyCompanyForm,
  });
  const { errors } = form.formState;

  const create = useCreateCompany({
    onSuccess: onCreated,
    onError: (error) => {
      // Spec §5: one company per user, said in the spec's Portuguese.
      if (AppError.from(error).code === 'company_already_exists') {
        notifyErrorText(t('createCompany.alreadyBody'), t('createCompany.alreadyTitle'));
        return;
      }
      if (applyFieldErrors(error, form.setError, FIELDS)) return;
      notifyMarketplaceError(error, { fallback: 'company_creation_error' });
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => create.mutate(body))}
      className="flex flex-col gap-5"
    >
      <Field label={t('createCompany.name')} error={marketplaceFieldText(errors.nome?.message)}>
        {(control) => (
          <Input
            {...control}
            {...form.register('nome')}
            autoComplete="organization"
            placeholder={t('createCompany.namePlaceholder')}
          />
        )}
      </Field>
      <Field label={t('createCompany.description')} error={marketplaceFieldText(errors.descricao?.message)}>
        {(control) => (
          <TextArea
            {...control}
            {...form.register('descricao')}
            placeholder={t('createCompany.descriptionPlaceholder')}
          />
        )}
      </Field>
      <Field label={t('createCompany.category')} error={marketplaceFieldText(errors.categoria?.message)}>
        {(control) => <CategorySelect {...control} {...form.register('categoria')} options={categories} />}
      </Field>
      <Field
        label={
          <>
            {t('createCompany.phone')}{' '}
            <span className="font-normal text-slate-600">{t('common.optional')}</span>
          </>
        }
        hint={t('createCompany.phoneHint')}
        error={marketplaceFieldText(errors.telefone?.message)}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('telefone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t('createCompany.phonePlaceholder')}
          />
        )}
      </Field>
      <Field
        label={
          <>
            {t('createCompany.email')}{' '}
            <span className="font-normal text-slate-600">{t('common.optional')}</span>
          </>
        }
        error={marketplaceFieldText(errors.email?.message)}
      >
        {(control) => (
          <EmailInput
            {...control}
            {...form.register('email')}
            placeholder={t('createCompany.emailPlaceholder')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={create.isPending}>
        {create.isPending ? <Spinner /> : null}
        {create.isPending ? t('createCompany.submitting') : t('createCompany.submit')}
      </Button>
    </form>
  );
}
