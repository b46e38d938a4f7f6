import { Field } from '@/components/ui/field';
import { useAdminText } from './i18n';

/** The reason an operator writes for a decision; required, so an empty one says so in the field. */
export function ReasonField(p: {
  label: string;
  placeholder: string;
  value: string;
  missing: boolean;
  onChange: (value: string) => void;
}) {
  const t = useAdminText();
  return (
    <Field label={p.label} error={p.missing ? t('common.reason_required') : undefined}>
      {(control) => (
        <textarea
          {...control}
          rows={3}
          maxLength={500}
          value={p.value}
          placeholder={p.placeholder}
          onChange={(e) => p.onChange(e.target.value)}
          className="w-full rounded-xl border border-slate-300 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-primary-700"
        />
      )}
    </Field>
  );
}
