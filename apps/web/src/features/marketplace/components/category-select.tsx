import type { ComponentPropsWithRef } from 'react';
import { inputStyles } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

type CategorySelectProps = ComponentPropsWithRef<'select'> & {
  options: readonly { id: string; label: string }[];
};

/** A native drop-down (the phone's own picker), starting on "Chwazi yon kategori". */
export function CategorySelect({ options, className, ...props }: CategorySelectProps) {
  const { t } = useTranslation('marketplace');
  return (
    <select className={cn(inputStyles, 'appearance-auto pr-3', className)} {...props}>
      <option value="">{t('common.chooseCategory')}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
