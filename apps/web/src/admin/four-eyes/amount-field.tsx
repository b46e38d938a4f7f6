import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { type AdminTexts, useAdminText } from '../i18n';

/** The proposal's ₭ amount, as typed; the area reads it and says what is wrong with it. */
export function AmountField(p: {
  texts: AdminTexts;
  value: string;
  error?: string;
  onChange: (text: string) => void;
}) {
  const t = useAdminText(p.texts);
  return (
    <Field label={t('propose.amount')} hint={t('propose.amountHint')} error={p.error}>
      {(control) => (
        <Input
          {...control}
          inputMode="decimal"
          value={p.value}
          onChange={(e) => p.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
