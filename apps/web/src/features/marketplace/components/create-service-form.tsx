import { PRODUCT_CATEGORY_IDS, type Product } from '@kreyolcash/domain';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useCreateProduct } from '../api/create-product';
import { applyFieldErrors } from './apply-field-errors';
import { CategorySelect } from './category-select';
import { emptyServiceForm } from './empty-forms';
import { marketplaceFieldText } from './marketplace-text';
import type { ServiceFormData, ServiceFormValues } from './service-form-schema';
import { TextArea } from './text-area';
import { useCategoryLabels } from './use-category-labels';

const FIELDS = ['nome', 'descricao', 'categoria', 'preco', 'estoque'] as const;
const resolver = lazyZodResolver(() =>
  import('./service-form-schema').then((module) => module.serviceFormSchema),
);

type CreateServiceFormProps = {
  companyId: string;
  onCreated: (product: Product) => void;
  /** Failures that are not about a field (403, 404, network…). */
  onFailed: (error: Error) => void;
};

export function CreateServiceForm({ companyId, onCreated, onFailed }: CreateServiceFormProps) {
  const { t } = useTranslation('marketplace');
  const labels = useCategoryLabels();
  const categories = PRODUCT_CATEGORY_IDS.map((id) => ({ id, label: labels.product(id) }));
  const form = useForm<ServiceFormValues, unknown, ServiceFormData>({
    resolver,
    defaultValues: emptyServiceForm,
  });
  const { errors } = form.formState;
  const create = useCreateProduct({
    onSuccess: onCreated,
    onError: (error) => {
      if (!applyFieldErrors(error, form.setError, FIELDS, { preco_centis: 'preco' })) onFailed(error);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => create.mutate({ companyId, body }))}
      className="flex flex-col gap-5"
    >
      <Field label={t('createService.name')} error={marketplaceFieldText(errors.nome?.message)}>
        {(control) => (
          <Input {...control} {...form.register('nome')} placeholder={t('createService.namePlaceholder')} />
        )}
      </Field>
      <Field label={t('createService.description')} error={marketplaceFieldText(errors.descricao?.message)}>
        {(control) => (
          <TextArea
            {...control}
            {...form.register('descricao')}
            placeholder={t('createService.descriptionPlaceholder')}
          />
        )}
      </Field>
      <Field label={t('createService.category')} error={marketplaceFieldText(errors.categoria?.message)}>
        {(control) => <CategorySelect {...control} {...form.register('categoria')} options={categories} />}
      </Field>
      <Field
        label={t('createService.price')}
        hint={t('createService.priceHint')}
        error={marketplaceFieldText(errors.preco?.message)}
      >
        {(control) => (
          // Text, not type=number: a number input would read "12,50" by the phone's locale, or not
          // at all; the domain's parser reads it exactly.
          <Input
            {...control}
            {...form.register('preco')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('createService.pricePlaceholder')}
          />
        )}
      </Field>
      <Field
        label={
          <>
            {t('createService.stock')}{' '}
            <span className="font-normal text-slate-600">{t('common.optional')}</span>
          </>
        }
        hint={t('createService.stockHint')}
        error={marketplaceFieldText(errors.estoque?.message)}
      >
        {(control) => (
          <Input {...control} {...form.register('estoque')} inputMode="numeric" autoComplete="off" />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={create.isPending}>
        {create.isPending ? <Spinner /> : null}
        {create.isPending ? t('createService.submitting') : t('createService.submit')}
      </Button>
    </form>
  );
}
